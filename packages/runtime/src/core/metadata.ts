/**
 * The metadata a generated connector hands to the runtime. It is the spec's IR, trimmed to what
 * is needed at run time and emitted as a frozen object literal by the generator. Every vendor quirk
 * lives here as data; the runtime only interprets these general rules.
 */

import type { ConditionalFieldRule, TotalItemsRule } from './cross-field.js';

export type { ConditionalFieldRule, TotalItemsRule } from './cross-field.js';
import type { GraphqlSelection } from './field-selection.js';

export type { GraphqlSelection, SelectableField } from './field-selection.js';

export type ParamType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';

/**
 * Where a parameter travels.
 * - query, path, header, body: the action's HTTP request (body fields may be dot paths: `filter.callIds`);
 * - variables: GraphQL variables (dot paths: `input.teamId`);
 * - file-header: a header on the second request of a two-step download (e.g. `Range`);
 * - select: not sent as a value; chooses what comes back: the item of a two-step download, or the
 *   fields of a GraphQL action's run-time selection (`request.graphql.selection`).
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
  /** Top-level string parameters: sent as prefix + value (`refs/heads/` + a branch name). */
  readonly prefix?: string;
  /**
   * Top-level string parameters: every match is removed from the value on the wire, and the rest
   * trimmed (Zendesk's export search refuses the `type:ticket` term its own reference writes in
   * ticket searches). Validation sees the caller's value; only the request carries the rest.
   */
  readonly drop?: RegExp;
  /**
   * Config variables only: enum value → the text that stands for `{name}` in the base URL (region
   * `EU` → host `api.eu.intercom.io`); see internal/config-base-url.ts.
   */
  readonly substitutes?: Readonly<Record<string, string>>;
  /**
   * Config variables only: the value is a whole host name (Gong's `company-17.api.gong.io`), not
   * one DNS label. Validation refuses anything that is not host-name syntax (rule `hostname`, see
   * host-name.ts); the variable's `pattern` says which hosts. It may hold dots only where it is
   * the whole host of the base URL (`https://{api_host}/v2`); see internal/config-base-url.ts.
   */
  readonly hostname?: boolean;
  /** Objects: fields required or forbidden by the value of another field (see cross-field.ts). */
  readonly when?: readonly ConditionalFieldRule[];
  /** Arrays of objects: a bound on one nested array's items summed over all items (see cross-field.ts). */
  readonly totalItems?: TotalItemsRule;
}

export type ParamRules = Readonly<Record<string, ParamRule>>;

export type ActionKind = 'list' | 'get' | 'create' | 'update' | 'delete' | 'search' | 'api_search' | 'download';

export interface GraphqlRequest {
  /** The whole document as sent when the caller chooses no fields (the default selection). */
  readonly document: string;
  readonly operationName: string;
  readonly operationType: 'query' | 'mutation';
  /** Run-time field selection: the caller's field names choose the selection (see field-selection.ts). */
  readonly selection?: GraphqlSelection;
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
      /**
       * The next page number as the cursor parameter's type: a string when the contract types the
       * cursor as a string (an opaque `starting_after` carrying a page number). Default integer.
       */
      readonly cursorType?: 'integer' | 'string';
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
  /**
   * Codes that mean "the credentials were refused", whatever the HTTP status (Linear's
   * AUTHENTICATION_ERROR comes with 400 or inside a 200): raised as AuthenticationError, and a
   * refreshable credential is refreshed and the call sent once more, as after a 401.
   */
  readonly authCodes?: readonly string[];
}

export interface ResponseRule {
  /** Dot path to the records (an array for lists, one object otherwise); '' is the whole body. */
  readonly records: string;
  /** Dot path to a boolean that must be true (GraphQL mutation payloads' `success`). */
  readonly success?: string;
  /** Fields added to each record from a dot path inside it; `[]` maps over arrays (`labels.nodes[].id`). */
  readonly derive?: Readonly<Record<string, string>>;
  /**
   * Fields the record lacks, read from a dot path of the whole body (Slack's chat.update answers
   * `ts` beside `message`, not inside it). A field the record carries is kept.
   */
  readonly fill?: Readonly<Record<string, string>>;
  /** Statuses that mean "nothing matched" for this action (Gong answers an empty call query with 404). */
  readonly emptyOnStatus?: readonly number[];
  /**
   * Dot paths (`[]` maps over arrays) of fields the vendor sends as JSON integers and the record
   * types as strings (Gong's int64 ids): each integer is given as its decimal digits, exactly.
   */
  readonly integersAsStrings?: readonly string[];
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
  /** Where the file's name is (in the picked item): used when the file's answer has no Content-Disposition. */
  readonly fileName?: string;
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
  /** The rate-spacing group (`rateLimit.groups`) whose bucket this action's calls also take a token from. */
  readonly rateGroup?: string;
  /** Credential kind name → how this action differs with that kind (see variants.ts). */
  readonly variants?: Readonly<Record<string, ActionVariant>>;
  /** Set by variants.ts when the caller's credential kind cannot run this action: why, for the error. */
  readonly unsupported?: string;
}

/**
 * Per-parameter change under a variant: `false` = not accepted with that kind; `{in, as, prefix}` =
 * travels differently; a whole ParamRule = a parameter only that kind accepts (Harvest v3's cursor).
 */
export type ParamVariant = false | { readonly in?: ParamLocation; readonly as?: string; readonly prefix?: string } | ParamRule;

/**
 * How one action runs with one credential kind when that kind talks to another API version (Harvest
 * v1 with an API key, v3 with OAuth client credentials). Every member replaces the action's own.
 */
export interface ActionVariant {
  /** The kind has no equivalent of this action: calls fail with ConfigurationError, before any I/O. */
  readonly unsupported?: string;
  readonly request?: RequestRule;
  readonly params?: Readonly<Record<string, ParamVariant>>;
  readonly pagination?: PaginationRule;
  /** Meta members with this kind, replacing the action's (its members this kind does not fill are null). */
  readonly meta?: Readonly<Record<string, string>>;
  readonly response?: ResponseRule;
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
  /** Base URL when this kind is used (another API version); the caller's `baseUrl` option still wins. */
  readonly baseUrl?: string;
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
      /** Where the token request's parameters go: a form or JSON body, or the URL query string (Gong). */
      readonly bodyFormat: 'form' | 'json' | 'query';
      /** Extra token-request parameters (templated), e.g. Greenhouse v3's `sub`. */
      readonly extraParams?: Readonly<Record<string, string>>;
    });

/** How a reset header's value reads: an absolute time in epoch seconds or milliseconds, or seconds (milliseconds) from now. */
export type RateLimitResetFormat = 'unix-seconds' | 'unix-ms' | 'delta-seconds' | 'delta-ms';

/** The vendor's reset header and how to read it: times a retry when a throttled answer has no Retry-After. */
export interface RateLimitReset {
  readonly header?: string | undefined;
  readonly format?: RateLimitResetFormat | undefined;
}

/** A non-429 answer that means "throttled": its status, and a header, a body text, or both. */
export interface ThrottledWhen {
  readonly status: number;
  /** A header that must be present (with the value `equals`, when given). */
  readonly header?: string;
  readonly equals?: string;
  /** A text of the error body (a dot path) that must contain `contains`, in any letter case. */
  readonly bodyPath?: string;
  readonly contains?: string;
  /** The wait when the answer names no time (no Retry-After nor reset header). */
  readonly waitMs?: number;
}

export interface RateLimitRule {
  /** Header carrying when the window resets, used when Retry-After is absent. */
  readonly resetHeader?: string;
  readonly resetFormat?: RateLimitResetFormat;
  /**
   * Other answers that mean "throttled, not processed", e.g. GitHub's secondary limit: HTTP 403
   * with a Retry-After header, or with X-RateLimit-Remaining: 0.
   */
  readonly alsoWhen?: readonly ThrottledWhen[];
  /** Client-side spacing of every call of one connector instance (see rate-spacing.ts). */
  readonly spacing?: RateSpacingRule;
  /** Spacing per named group of actions (an action joins one with `rateGroup`), on top of `spacing`. */
  readonly groups?: Readonly<Record<string, RateSpacingRule>>;
  /** Answers meaning the quota is used up: raised at once as QuotaExceededError, never retried (see quota.ts). */
  readonly quota?: readonly QuotaRule[];
}

/** A token bucket: `burst` calls may go at once, then one every 1/requestsPerSecond seconds. */
export interface RateSpacingRule {
  readonly requestsPerSecond: number;
  readonly burst: number;
}

/** A quota answer: this status with `equals` at the dot path `bodyPath` of the error body. */
export interface QuotaRule {
  readonly status: number;
  readonly bodyPath: string;
  readonly equals: string | number | boolean;
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
  /** Dot paths tried in order for the vendor's request id in non-2xx error bodies (before requestIdHeaders). */
  readonly errorRequestId?: readonly string[];
  readonly rateLimit?: RateLimitRule;
  readonly requestIdHeaders?: readonly string[];
  readonly actions: Readonly<Record<string, Readonly<Record<string, ActionMetadata>>>>;
  /** For every entity with a search action: how its synced copy is filled. */
  readonly sync?: Readonly<Record<string, EntitySyncRule>>;
}
