/**
 * What the connector matrix needs to know about one connector, and nothing it can read from the
 * connector's own metadata. One module per spec in test/matrix/connectors/<spec name>.ts exports a
 * `ConnectorFixture` as default; test/matrix/registry.ts refuses to run when one is missing.
 *
 * Everything else the matrix derives: the entity.actions and their kinds from `metadata`, which
 * actions are reads (idempotent) or writes, the route a request hits (base path + the action's
 * path template), the wire name and location of every parameter, the published parameter
 * schemas' limits, and where a vendor error body puts its message and code.
 */
import type {
  ConnectorMetadata,
  ConnectorPackage as RuntimeConnectorPackage,
  ExecuteResult,
  JsonSchema,
  OpenSourceOptions,
  RequestOptions,
} from '@switchyard/runtime';
import type { FakeServer } from '../fakes/harness.js';

export type Params = Record<string, unknown>;

/** A connector as the matrix drives it: `execute` without the typed operation map. */
export interface MatrixConnector {
  readonly metadata: ConnectorMetadata;
  execute(entity: string, action: string, params?: unknown, options?: RequestOptions): Promise<ExecuteResult<any, any>>;
}

/** A published JSON Schema of one action's parameters (the package's `paramSchemas[entity][action]`). */
export interface ParamSchema extends JsonSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required?: readonly string[];
}

/**
 * The module namespace of a connector package (`import * as pkg from '@switchyard/connector-…'`):
 * the runtime's contract, plus the connector class and error classes every package also exports.
 */
export interface ConnectorPackage extends RuntimeConnectorPackage {
  readonly paramSchemas: Readonly<Record<string, Readonly<Record<string, ParamSchema>>>>;
  readonly [exported: string]: unknown;
}

/** A list action to iterate across at least three pages. */
export interface PagingCase<F> {
  /** `entity.action` of a list action. */
  action: string;
  /** Params with a page size small enough for three or more pages of the fake's data. */
  params: (fake: F) => Params;
  /** The records the iteration must yield, in order, as ids. */
  expectedIds: (fake: F) => unknown[];
  /** The id of a record as the connector returns it. */
  idOf: (record: any) => unknown;
}

export interface ConnectorFixture<F extends FakeServer = FakeServer> {
  /** The connector package: metadata, paramSchemas, the connector class and the error classes it re-exports. */
  pkg: ConnectorPackage;
  /** `new <Family>Connector(options)`. */
  create(options: OpenSourceOptions<any, any>): MatrixConnector;
  /** Starts a fresh, seeded fake that accepts `credentials`. */
  start(): Promise<F>;
  /** The base URL to give the connector for this fake (the vendor's base path on the fake's origin). */
  baseUrl(fake: F): string;
  /**
   * Credentials of one kind, accepted by the fake. Use characters that URL, form and base64
   * encodings change (`+`, `/`, `=`), so the redaction checks see every encoding differ.
   */
  credentials: Record<string, string>;
  /**
   * Config variables for a connector whose spec requires some (support-desk's `subdomain`): the
   * hosted suite puts them in the connector record; open-source runs pass `baseUrl` instead.
   */
  config?: Record<string, unknown>;
  /** The header carrying the credential and its exact value on the wire. */
  authHeader: { name: string; value: string };
  /**
   * Valid params per `entity.action` that the fake answers with success. Required for every
   * action with required parameters; others default to `{}`.
   */
  examples: Record<string, (fake: F) => Params>;
  /**
   * Valid values for parameters the matrix cannot make up (patterns), keyed `entity.action.param`
   * or `param`. Used where an action's example does not already carry the parameter.
   */
  values: Record<string, unknown>;
  paging: PagingCase<F>[];
}

/** Identity, for type inference in fixture modules. */
export function defineFixture<F extends FakeServer>(fixture: ConnectorFixture<F>): ConnectorFixture<F> {
  return fixture;
}
