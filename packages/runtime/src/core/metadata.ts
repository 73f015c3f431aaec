/**
 * The metadata a generated connector hands to the runtime. It is the spec's IR, trimmed to what
 * is needed at run time and emitted as a frozen object literal by the generator. Every vendor quirk
 * lives here as data; the runtime only interprets these general rules.
 */

export type ParamType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';

/**
 * Where a parameter travels.
 * - query, path, header, body: the action's HTTP request (body fields may be dot paths: `filter.callIds`);
 * - variables: GraphQL variables (dot paths: `input.teamId`);
 * - file-header: a header on the second request of a two-step download (e.g. `Range`);
 * - select: not sent; used to choose an item from the first response of a two-step download.
 */
export type ParamLocation = 'query' | 'path' | 'header' | 'body' | 'variables' | 'file-header' | 'select';

export interface ParamRule {
  readonly type: ParamType;
  readonly description?: string;
  readonly required?: boolean;
  readonly nullable?: boolean;
  readonly enum?: readonly (string | number | boolean)[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: RegExp;
  /** Human wording of `pattern` for error messages ("lowercase letters, digits, - and _"). */
  readonly patternText?: string;
  readonly format?: 'date-time' | 'date' | 'utc-date-time' | 'uri';
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: ParamRule;
  readonly properties?: Readonly<Record<string, ParamRule>>;
  readonly default?: unknown;
  /** Top-level parameters only: where it goes (default: query for GET, body otherwise). */
  readonly in?: ParamLocation;
  /** Wire name or dot path when it differs from the parameter name. */
  readonly as?: string;
  /** Arrays in a query string: `csv` joins with commas (default), `repeat` repeats the key. */
  readonly style?: 'csv' | 'repeat';
}

export type ParamRules = Readonly<Record<string, ParamRule>>;

export type ActionKind = 'list' | 'get' | 'create' | 'update' | 'delete' | 'search' | 'api_search' | 'download';

export interface GraphqlRequest {
  readonly document: string;
  readonly operationName: string;
  readonly operationType: 'query' | 'mutation';
}

export interface RequestRule {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path template under the base URL; `{name}` placeholders are path parameters. */
  readonly path: string;
  readonly bodyFormat?: 'json' | 'form';
  /** Wrap body parameters under this key (`{"ticket": {…}}`). */
  readonly envelope?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly graphql?: GraphqlRequest;
}

/**
 * How the next page is found. Each rule yields the next cursor (or null at the end); the cursor is
 * put into `cursorParam` for the following request and exposed in meta under `metaMember`.
 */
export type PaginationRule =
  | {
      readonly style: 'cursor';
      readonly cursorParam: string;
      /** Dot path to the next cursor in the response body. Empty string or absent means the end. */
      readonly next: string;
      /** Optional dot path to a boolean that, when false, also means the end. */
      readonly hasMore?: string;
      /** The next value is a URL; the cursor is this query parameter of it. */
      readonly fromUrlParam?: string;
      readonly metaMember: string;
    }
  | {
      readonly style: 'relay';
      readonly cursorParam: string;
      /** Dot path to the connection's pageInfo ({hasNextPage, endCursor}). */
      readonly pageInfo: string;
      readonly metaMember: string;
    }
  | {
      readonly style: 'link-header';
      readonly cursorParam: string;
      /** The cursor is this query parameter of the rel="next" URL (`page` in Harvest v1, `cursor` in v3). */
      readonly fromUrlParam: string;
      /** Integer cursors (page numbers) are parsed as numbers. */
      readonly cursorType: 'integer' | 'string';
      /** When the cursor is sent, send no other query parameter (Harvest v3 rejects them). */
      readonly exclusive?: boolean;
      readonly metaMember: string;
    }
  | {
      readonly style: 'page-number';
      readonly cursorParam: string;
      readonly currentPage: string;
      readonly totalPages: string;
      readonly metaMember: string;
    };

export interface BodyErrorRule {
  /** Dot path inspected in every 2xx JSON body. */
  readonly when: string;
  /** The rule fires when the value equals this … */
  readonly equals?: unknown;
  /** … or when the value is a non-empty array. */
  readonly nonEmpty?: boolean;
  /** Dot path to the vendor's error code, and to a human message. */
  readonly code: string;
  readonly message?: string;
  /**
   * Codes that mean "throttled, not processed": raised as RateLimitError and retried for any
   * request. They are honoured in non-2xx bodies too (Linear may send RATELIMITED with HTTP 400).
   */
  readonly rateLimitCodes?: readonly string[];
}

export interface ResponseRule {
  /** Dot path to the records (an array for lists, one object otherwise); '' is the whole body. */
  readonly records: string;
  /** Dot path to a boolean that must be true (GraphQL mutation payloads' `success`). */
  readonly success?: string;
  /** Fields added to each record from a dot path inside it; `[]` maps over arrays (`labels.nodes[].id`). */
  readonly derive?: Readonly<Record<string, string>>;
  /** Statuses that mean "nothing matched" for this action (Gong answers an empty call query with 404). */
  readonly emptyOnStatus?: readonly number[];
}

export interface DownloadRule {
  /** Where the file URL is in the first response: a dot path, or an array to pick from. */
  readonly url: string;
  /** Pick the first item of this array whose fields equal the given `select` parameters. */
  readonly from?: string;
  /** item field → parameter name (only supplied parameters take part). */
  readonly match?: Readonly<Record<string, string>>;
  /** Parameter naming an item by position (applied after match). */
  readonly indexParam?: string;
  /** Words for "no such item" errors: "attachment". */
  readonly itemName?: string;
}

export interface ActionMetadata {
  readonly entity: string;
  readonly action: string;
  readonly kind: ActionKind;
  readonly description?: string;
  /** Served from the hosted service's synced copy only (search). */
  readonly hostedOnly?: boolean;
  /** Safe to send twice: reads and GraphQL queries. 5xx/timeouts/dropped connections are retried only then. */
  readonly idempotent: boolean;
  /**
   * `data` is an array of records (list actions, and any action with a pagination rule); absent
   * means one record (or null). Decided by the generator, so the runtime never re-derives it.
   */
  readonly returnsList?: boolean;
  readonly params: ParamRules;
  readonly request?: RequestRule;
  readonly response?: ResponseRule;
  readonly pagination?: PaginationRule;
  /** meta member → dot path in the body, `$next` (the pagination cursor) or `$header:<name>`. */
  readonly meta?: Readonly<Record<string, string>>;
  /** Present for downloads: direct when absent `url`, two-step otherwise. */
  readonly download?: DownloadRule | { readonly direct: true };
  /** Name of the TypeScript record type, for docs. */
  readonly recordType?: string;
}

export interface CredentialField {
  readonly description?: string;
  readonly required: boolean;
  /** Redacted from logs and errors (default true). */
  readonly secret: boolean;
}

interface AuthKindBase {
  /** Name of the credential kind in the contract ("Token", "OAuth"). */
  readonly name: string;
  readonly description?: string;
  readonly fields: Readonly<Record<string, CredentialField>>;
}

/** Templates use `{field}` placeholders over credential fields. */
export type AuthKind =
  | (AuthKindBase & { readonly kind: 'bearer'; readonly token: string })
  | (AuthKindBase & { readonly kind: 'basic'; readonly username: string; readonly password: string })
  | (AuthKindBase & { readonly kind: 'header'; readonly header: string; readonly value: string })
  | (AuthKindBase & {
      readonly kind: 'oauth2';
      readonly grant: 'refresh_token' | 'client_credentials';
      /** Template of the access token field (absent for client credentials: fetched first). */
      readonly accessToken?: string;
      readonly refreshToken?: string;
      readonly tokenUrl: string;
      readonly clientId?: string;
      readonly clientSecret?: string;
      /** How client credentials reach the token endpoint. */
      readonly clientAuth: 'body' | 'basic';
      readonly bodyFormat: 'form' | 'json';
      /** Extra token-request parameters (templated), e.g. Greenhouse v3's `sub`. */
      readonly extraParams?: Readonly<Record<string, string>>;
    });

/** How a reset header's value reads: an absolute time in epoch seconds or milliseconds, or seconds from now. */
export type RateLimitResetFormat = 'unix-seconds' | 'unix-ms' | 'delta-seconds';

/** The vendor's reset header and how to read it: times a retry when a throttled answer has no Retry-After. */
export interface RateLimitReset {
  readonly header?: string | undefined;
  readonly format?: RateLimitResetFormat | undefined;
}

export interface RateLimitRule {
  /** Header carrying when the window resets, used when Retry-After is absent. */
  readonly resetHeader?: string;
  readonly resetFormat?: RateLimitResetFormat;
  /**
   * Other answers that mean "throttled, not processed", e.g. GitHub's secondary limit: HTTP 403
   * with a Retry-After header, or with X-RateLimit-Remaining: 0.
   */
  readonly alsoWhen?: readonly { readonly status: number; readonly header: string; readonly equals?: string }[];
}

/** How a timestamp reads: ISO 8601, or Unix epoch seconds or milliseconds (numbers, or digit strings such as "1712345678.000200"). */
export type TimestampFormat = 'iso-8601' | 'unix-seconds' | 'unix-ms';

/**
 * How the hosted service fills the synced copy an entity's search action queries (declared in the
 * spec under `entities.<entity>.sync`; defaults resolved by the generator).
 */
export interface EntitySyncRule {
  /** The entity's list action that returns every record, run with auto-pagination. */
  readonly action: string;
  /** Fixed parameters for every sync request (e.g. a larger page size). */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Dot path of the record's own id at the vendor (the generator resolves the default, `id`). */
  readonly idField: string;
  /**
   * The vendor filters the list by update time: after the first full sync, each run sends `param`
   * set to the highest `field` seen so far. Absent: every run is a full refresh that also removes
   * records the vendor no longer returns.
   */
  readonly incremental?: { readonly param: string; readonly field: string; readonly format: TimestampFormat };
  /** The list parameter through which replication_config.start_date bounds what is synced. */
  readonly startDate?: { readonly param: string; readonly format: TimestampFormat };
  /**
   * Entities listed per parent (the comments of one issue): the list runs once per record of the
   * parent entity's synced copy, with `param` set to the parent record's `field` (default `id`).
   */
  readonly forEach?: { readonly entity: string; readonly param: string; readonly field: string };
}

export interface ConnectorMetadata {
  readonly name: string;
  readonly title: string;
  readonly vendor: string;
  /** Base URL template; `{name}` placeholders are config variables. */
  readonly baseUrl: string;
  readonly config: ParamRules;
  readonly auth: readonly AuthKind[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly bodyErrors: readonly BodyErrorRule[];
  /** Dot paths tried in order for a human message in non-2xx error bodies. */
  readonly errorMessage: readonly string[];
  readonly errorCode: readonly string[];
  readonly rateLimit?: RateLimitRule;
  readonly requestIdHeaders?: readonly string[];
  readonly actions: Readonly<Record<string, Readonly<Record<string, ActionMetadata>>>>;
  /** For every entity with a search action: how its synced copy is filled. */
  readonly sync?: Readonly<Record<string, EntitySyncRule>>;
}
