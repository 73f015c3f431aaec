/**
 * The runtime's public surface is deliberate: `@switchyard/runtime` exports what a user of a
 * connector package names in their own code, and every connector re-exports all of it; what only
 * Switchyard's own packages use is in `@switchyard/runtime/internal` (README, "Public surface").
 * The lists below are the contract: adding a public name means adding it here, in review.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

/** Every name an entry exports, values and types, as TypeScript resolves its re-exports. */
function exportedNames(...entries: string[]): string[][] {
  const options = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noLib: true,
    types: [],
    noEmit: true,
  };
  const program = ts.createProgram(entries, options);
  const checker = program.getTypeChecker();
  return entries.map((entry) =>
    checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)
      .map((symbol) => symbol.name)
      .sort(),
  );
}

const [publicNames, internalNames] = exportedNames(join(src, 'index.ts'), join(src, 'internal', 'index.ts'));

/** What users catch, construct, iterate and read. */
const PUBLIC_VALUES = [
  'AbortError',
  'ApiError',
  'AuthenticationError',
  'ConfigurationError',
  'ConflictError',
  'ConnectionError',
  'ConnectorClient',
  'DownloadStream',
  'HostedOnlyError',
  'MalformedResponseError',
  'NoNextPageError',
  'NotFoundError',
  'Page',
  'PagePromise',
  'PaginationLoopError',
  'PermissionDeniedError',
  'QuotaExceededError',
  'RateLimitError',
  'Resource',
  'ResponseTooLargeError',
  'ServerError',
  'SwitchyardError',
  'SyncNotReadyError',
  'TimeoutError',
  'ValidationError',
  'VendorError',
  // hosted callers sharing one authorization (HostedOptions.auth)
  'StaticHeaderAuth',
  'createHostedAuth',
  // a plug-in connector's author checks their package against the service's contract
  'checkConnectorPackage',
];

/** What users write in their own types: options, results, errors' fields, search, and the metadata every connector exports. */
const PUBLIC_TYPES = [
  // errors' fields
  'ApiErrorInit',
  'EntitySyncProgress',
  'SyncProgress',
  'ValidationIssue',
  // the client, its options and results
  'DownloadInfo',
  'ExecuteRequest',
  'ExecuteResult',
  'Executor',
  'HostedOptions',
  'Logger',
  'LogLevel', // the argument of Logger.isLevelEnabled
  'OpenSourceOptions',
  'OperationMap',
  'RequestOptions',
  'RetryPolicy',
  'TokenSet',
  'TransportOptions',
  // hosted search
  'SearchFilter',
  'SearchHit',
  'SearchMeta',
  'SearchParams',
  'SearchQuery',
  'AuthProvider',
  'HostedAuthOptions',
  // the problem documents the service answers (hosted callers read them)
  'Problem',
  'ProblemCode',
  // the contract of a connector package (core/connector-package.ts), for plug-in authors
  'ConnectorPackage',
  'ConnectorPackageIssue',
  'CredentialKindSchema',
  'JsonSchema',
  'SearchableFields',
  'SearchableFieldType',
  // core/metadata.ts: the shape of every connector's `metadata`
  'ActionKind',
  'ActionMetadata',
  'ActionVariant',
  'AuthKind',
  'BodyErrorRule',
  'ConditionalFieldRule',
  'ConnectorMetadata',
  'CredentialField',
  'DownloadRule',
  'EntitySyncRule',
  'GraphqlRequest',
  'GraphqlSelection',
  'PaginationRule',
  'ParamLocation',
  'ParamRule',
  'ParamRules',
  'ParamType',
  'ParamVariant',
  'QuotaRule',
  'RateLimitReset',
  'RateLimitResetFormat',
  'RateLimitRule',
  'ThrottledWhen',
  'RateSpacingRule',
  'RequestRule',
  'ResponseRule',
  'SelectableField',
  'TimestampFormat',
  'TotalItemsRule',
];

/** Named in Step 7 as names no user needs: they must stay out of the public entry. */
const INTERNAL_ONLY = [
  'RateSpacing',
  'TokenBucket',
  'backoffDelay',
  'describeFromPaths',
  'metadataForKind',
  'errorClassForStatus',
  'redactError',
];

describe('@switchyard/runtime, the public entry', () => {
  it('exports exactly the listed values, at run time', async () => {
    const runtime = await import('@switchyard/runtime');
    expect(Object.keys(runtime).sort()).toEqual([...PUBLIC_VALUES].sort());
  });

  it('exports exactly the listed names, values and types', () => {
    expect(publicNames).toEqual([...PUBLIC_VALUES, ...PUBLIC_TYPES].sort());
  });

  it('leaves out what only Switchyard uses; those names are in the internal entry', () => {
    for (const name of INTERNAL_ONLY) {
      expect(publicNames, name).not.toContain(name);
      expect(internalNames, name).toContain(name);
    }
  });
});

describe('@switchyard/runtime/internal', () => {
  it('shares no name with the public entry: each name has one home', () => {
    expect(internalNames!.filter((name) => publicNames!.includes(name))).toEqual([]);
  });

  it('loads by its subpath, as the generated connectors, the service and the cloud client import it', async () => {
    const internal = await import('@switchyard/runtime/internal');
    expect(typeof internal.HostedExecutor).toBe('function');
    expect(typeof internal.HttpClient).toBe('function');
  });
});
