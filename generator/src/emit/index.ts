/** Emits src/index.ts: the package's public surface. */
import type { Project } from 'ts-morph';
import type { ConnectorIR } from '../ir.js';
import { optionsType, resourceClass } from './names.js';

const RUNTIME_VALUES = [
  'SwitchyardError',
  'ValidationError',
  'ApiError',
  'AuthenticationError',
  'PermissionDeniedError',
  'NotFoundError',
  'ConflictError',
  'RateLimitError',
  'QuotaExceededError',
  'ServerError',
  'VendorError',
  'ConnectionError',
  'TimeoutError',
  'AbortError',
  'HostedOnlyError',
  'ConfigurationError',
  'PaginationLoopError',
  'NoNextPageError',
  'MalformedResponseError',
  'ResponseTooLargeError',
  'SyncNotReadyError',
  'Page',
  'PagePromise',
  'DownloadStream',
];
const RUNTIME_TYPES = [
  'ExecuteResult',
  'RequestOptions',
  'Logger',
  'TokenSet',
  'SearchFilter',
  'SearchQuery',
  'SearchHit',
  'SearchMeta',
  'ValidationIssue',
  'HostedOptions',
  'SyncProgress',
];

export function emitIndex(project: Project, ir: ConnectorIR): void {
  const file = project.createSourceFile('src/index.ts', '', { overwrite: true });
  file.addExportDeclaration({
    moduleSpecifier: './client.js',
    namedExports: [ir.className, ...ir.entities.map(resourceClass)],
  });
  file.addExportDeclaration({ moduleSpecifier: './client.js', namedExports: [optionsType(ir)], isTypeOnly: true });
  file.addExportDeclaration({ moduleSpecifier: './types.js', isTypeOnly: true });
  file.addExportDeclaration({ moduleSpecifier: './metadata.js', namedExports: ['metadata'] });
  file.addExportDeclaration({
    moduleSpecifier: './schemas.js',
    namedExports: ['paramSchemas', 'recordSchemas', 'searchableFields', 'replicationSchema', 'configSchema', 'credentialKinds'],
  });
  file.addExportDeclaration({ moduleSpecifier: '@switchyard/runtime', namedExports: RUNTIME_VALUES });
  file.addExportDeclaration({ moduleSpecifier: '@switchyard/runtime', namedExports: RUNTIME_TYPES, isTypeOnly: true });
  file.insertStatements(0, `/** ${ir.packageName}: the ${ir.title} connector (${ir.vendor}). */`);
}
