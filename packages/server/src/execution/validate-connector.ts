/**
 * Creation-time checks of a connector record, before anything is stored or sent: the connector
 * type, the credentials (exactly one credential kind, values the runtime can put on the wire), the
 * config variables and the replication settings against the family's published schemas. Every
 * problem is reported at once, each with its path (`credentials`, `replication_config.start_date`).
 */
import { ConfigurationError, ValidationError, type ParamRules, type ValidationIssue } from '@switchyard/runtime';
import { describeCredentialKinds, OpenSourceExecutor, validateParams } from '@switchyard/runtime/internal';
import type { ConnectorCatalog, ConnectorFamily } from '../catalog/catalog.js';
import { storableJsonIssues } from '../tenancy/input-rules.js';
import { rulesFromObjectSchema } from '../catalog/schema-rules.js';

export interface NewConnectorInput {
  readonly connectorType: unknown;
  readonly credentials: unknown;
  readonly config?: unknown;
  readonly replicationConfig?: unknown;
}

/** The input once valid: config and replication settings with the schemas' defaults filled in. */
export interface ValidConnectorInput {
  readonly family: ConnectorFamily;
  readonly credentials: Record<string, string>;
  readonly config: Record<string, unknown>;
  readonly replicationConfig: Record<string, unknown>;
}

export class ConnectorValidator {
  readonly #catalog: ConnectorCatalog;
  readonly #replicationRules = new Map<string, ParamRules>();

  constructor(catalog: ConnectorCatalog) {
    this.#catalog = catalog;
    // Read every published schema now, so a schema this service cannot read fails at startup.
    for (const family of catalog.families()) {
      this.#replicationRules.set(family.name, rulesFromObjectSchema(`${family.name} replication_config`, family.replicationSchema));
    }
  }

  /** Throws ValidationError (context `connector`) listing every problem. */
  validate(input: NewConnectorInput): ValidConnectorInput {
    const family = typeof input.connectorType === 'string' ? this.#catalog.get(input.connectorType) : undefined;
    if (!family) {
      throw new ValidationError('connector', [
        {
          path: 'connector_type',
          rule: 'enum',
          message: `${JSON.stringify(input.connectorType)} is not a connector type of this service; known: ${this.#catalog.names().join(', ')}`,
        },
      ]);
    }
    const issues: ValidationIssue[] = [];
    const config = collect(issues, 'config', () => validateParams('config', family.metadata.config, input.config ?? {}));
    // Absent replication settings are checked as `{}`: a family whose schema requires fields requires them at creation.
    const replicationConfig = collect(issues, 'replication_config', () =>
      validateParams('replication_config', this.#replicationRules.get(family.name)!, input.replicationConfig ?? {}),
    );
    const credentials = credentialIssues(family, input.credentials, issues);
    // Both are stored as jsonb, which holds neither U+0000 nor a lone surrogate (in values or keys).
    storableJsonIssues('config', input.config, issues);
    storableJsonIssues('replication_config', input.replicationConfig, issues);
    if (issues.length > 0) throw new ValidationError('connector', issues);
    return { family, credentials: credentials!, config: config!, replicationConfig: replicationConfig! };
  }
}

/** Runs a validateParams call and moves its issues under `prefix`. */
function collect<T>(issues: ValidationIssue[], prefix: string, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const issue of error.issues) issues.push({ ...issue, path: issue.path ? `${prefix}.${issue.path}` : prefix });
    return undefined;
  }
}

/**
 * Credentials must carry the fields of exactly one credential kind, each a non-empty string.
 * Messages name fields, never values: these are secrets.
 */
function credentialIssues(family: ConnectorFamily, credentials: unknown, issues: ValidationIssue[]): Record<string, string> | undefined {
  const kinds = family.metadata.auth;
  if (credentials === null || typeof credentials !== 'object' || Array.isArray(credentials)) {
    issues.push({
      path: 'credentials',
      rule: 'type',
      message: `must be an object with the fields of one credential kind: ${describeCredentialKinds(kinds)}`,
    });
    return undefined;
  }
  const record = credentials as Record<string, unknown>;
  const given = Object.keys(record);
  const matches = kinds.filter(
    (kind) =>
      Object.entries(kind.fields).every(([name, field]) => !field.required || given.includes(name)) &&
      given.every((name) => Object.hasOwn(kind.fields, name)),
  );
  if (matches.length !== 1) {
    const why =
      matches.length === 0
        ? `the fields given (${given.join(', ') || 'none'}) match no credential kind`
        : `the fields given match several credential kinds`;
    issues.push({
      path: 'credentials',
      rule: 'credential-kind',
      message: `${why}; pass the fields of one of: ${describeCredentialKinds(kinds)}`,
    });
    return undefined;
  }
  const before = issues.length;
  for (const name of given) {
    const value = record[name];
    if (typeof value !== 'string')
      issues.push({ path: `credentials.${name}`, rule: 'type', message: `must be a string, got ${describeType(value)}` });
    else if (value === '') issues.push({ path: `credentials.${name}`, rule: 'minLength', message: 'must not be empty' });
  }
  if (issues.length > before) return undefined;
  const valid = record as Record<string, string>;
  headerIssue(family, valid, issues);
  return issues.length > before ? undefined : { ...valid };
}

/**
 * The runtime refuses, at construction, credentials it could not put in an HTTP header (a pasted
 * token with a trailing newline). Building an executor here (no request is sent) applies exactly
 * that rule, so such credentials are refused at creation instead of failing every execute.
 */
function headerIssue(family: ConnectorFamily, credentials: Record<string, string>, issues: ValidationIssue[]): void {
  try {
    // The base URL is a placeholder: the executor is only constructed, never used.
    new OpenSourceExecutor(family.metadata, { auth: credentials, baseUrl: 'http://127.0.0.1' });
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    issues.push({ path: 'credentials', rule: 'header-value', message: error.message });
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
