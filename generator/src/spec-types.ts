// Generated from specs/connector.schema.json by generator/src/spec-types-from-schema.ts (json-schema-to-typescript). Do not edit: change the schema and run pnpm generate.
/**
 * A credential kind. `kind` selects which templates it needs; templates use {field} placeholders over its fields.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authKind".
 */
export type SpecAuthKind = SpecAuthBearer | SpecAuthBasic | SpecAuthHeader | SpecAuthOauth2;
/**
 * A field type: string | integer | number | boolean | object | any | array | array<T> | a record name (PascalCase); `A | B` for unions; a trailing ? means nullable (T or null). Examples: `string?`, `array<Reaction>?`, `string | integer?`.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "typeExpr".
 */
export type SpecTypeExpr = string;
/**
 * How the next page is found. The cursor lands in `cursorParam` of the next request and in the meta member mapped to $next.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "pagination".
 */
export type SpecPagination =
  SpecPaginationCursor | SpecPaginationRelay | SpecPaginationLinkHeader | SpecPaginationPageNumber | SpecPaginationNone;
/**
 * $next (the pagination cursor), $header:<name>, a dot path into the body, or {from, type}.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "metaMember".
 */
export type SpecMetaMember =
  | string
  | {
      from: string;
      type?: SpecTypeExpr;
      description?: string;
    };

/**
 * One YAML file per connector family (specs/<family>.yaml). It declares the credential kinds, config variables, replication settings, records, entities and their actions, and every vendor quirk (pagination style, errors inside 2xx bodies, envelopes, downloads) as data. The generator validates a spec against this schema, then applies semantic rules (codes SY1xx), and emits an npm package @switchyard/connector-<name>. YAML anchors and merge keys (<<: *paging) may be used to share parameter sets.
 */
export interface SpecData {
  /**
   * Connector family in kebab-case; the package is @switchyard/connector-<name> and the spec file specs/<name>.yaml.
   */
  name: string;
  /**
   * Human name of the family ("Messaging"). The class is <Title without spaces>Connector.
   */
  title: string;
  /**
   * The vendor API behind the family, for docs ("Slack Web API").
   */
  vendor: string;
  /**
   * Markdown paragraph for the package README.
   */
  description?: string;
  /**
   * Decisions and vendor facts worth telling users (each a Markdown paragraph); rendered in the README.
   */
  notes?: string[];
  /**
   * Package version (semver). Defaults to 0.1.0.
   */
  version?: string;
  /**
   * Vendor base URL. {name} placeholders are config variables (https://{subdomain}.zendesk.com/api/v2). Callers may override it with the baseUrl option.
   */
  baseUrl: string;
  /**
   * Headers sent on every vendor request (Intercom-Version: '2.11').
   */
  headers?: {
    [k: string]: string;
  };
  /**
   * Config variables passed as the `config` option and used in baseUrl (support-desk `subdomain`).
   */
  config?: {
    [k: string]: SpecParam;
  };
  /**
   * Credential kinds, keyed by the contract's kind name (Token, OAuth, …). The caller's `auth` object must carry the fields of exactly one kind.
   */
  auth: {
    [k: string]: SpecAuthKind;
  };
  /**
   * replication_config fields accepted when a hosted connector record is created (same rule language as params).
   */
  replication?: {
    [k: string]: SpecParam;
  };
  errors?: SpecErrors;
  /**
   * How the vendor signals throttling beyond HTTP 429, and the reset header used to time a retry when a 429 carries no Retry-After.
   */
  rateLimit?: {
    /**
     * Header name, e.g. X-RateLimit-Reset.
     */
    resetHeader?: string;
    /**
     * How to read the header's value.
     */
    resetFormat?: 'unix-seconds' | 'unix-ms' | 'delta-seconds';
    /**
     * Other answers that mean 'throttled, not processed' and are retried like a 429, e.g. GitHub's secondary limit: HTTP 403 with Retry-After, or with X-RateLimit-Remaining: 0.
     */
    alsoWhen?: {
      status: number;
      /**
       * The header that must be present.
       */
      header: string;
      /**
       * The value it must have (any value when absent).
       */
      equals?: string;
    }[];
  };
  /**
   * Response headers carrying the vendor's request id, copied onto errors (default x-request-id).
   */
  requestIdHeaders?: string[];
  /**
   * Shared GraphQL pieces. Fragments are appended to every document that spreads them (transitively).
   */
  graphql?: {
    /**
     * Fragment name → full `fragment X on Type { … }` text.
     */
    fragments?: {
      [k: string]: string;
    };
  };
  /**
   * Free-form place for YAML anchors (parameter sets, meta blocks) reused with aliases and merge keys; ignored by the generator.
   */
  shared?: {
    [k: string]: unknown;
  };
  /**
   * Record types returned by actions, keyed by a PascalCase type name.
   */
  records?: {
    [k: string]: SpecRecord;
  };
  /**
   * Entities keyed by the contract's snake_case name (users, channel_messages).
   */
  entities: {
    [k: string]: SpecEntity;
  };
}
/**
 * A parameter (or config / replication field) and its input rules, checked before any network call.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "param".
 */
export interface SpecParam {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';
  description?: string;
  required?: boolean;
  /**
   * null is accepted (e.g. to clear a field).
   */
  nullable?: boolean;
  /**
   * @minItems 1
   */
  enum?: (string | number | boolean)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /**
   * ECMAScript regular expression the whole value must match (anchor it).
   */
  pattern?: string;
  /**
   * The pattern in words, for error messages.
   */
  patternText?: string;
  format?: 'date-time' | 'utc-date-time' | 'date' | 'uri';
  minItems?: number;
  maxItems?: number;
  items?: SpecParam;
  properties?: {
    [k: string]: SpecParam;
  };
  /**
   * Sent when the caller omits the parameter.
   */
  default?: unknown;
  /**
   * Where it travels. Default: path when named in the path template, query for GET/DELETE, variables for GraphQL, body otherwise. file-header: a header of the file request of a two-step download. select: not sent; picks the item of a two-step download.
   */
  in?: 'query' | 'path' | 'header' | 'body' | 'variables' | 'file-header' | 'select';
  /**
   * Wire name or dot path (input.teamId, filter.callIds, Range) when it differs from the parameter name.
   */
  as?: string;
  /**
   * Arrays in a query string: comma-joined (default) or a repeated key.
   */
  style?: 'csv' | 'repeat';
}
/**
 * Authorization: Bearer <token>.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authBearer".
 */
export interface SpecAuthBearer {
  kind: 'bearer';
  description?: string;
  fields: SpecAuthFields;
  /**
   * Template of the bearer token: '{api_token}'.
   */
  token: string;
}
/**
 * Credential fields the caller passes in `auth` (open-source) or `credentials` (hosted).
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authFields".
 */
export interface SpecAuthFields {
  [k: string]: SpecAuthField;
}
/**
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authField".
 */
export interface SpecAuthField {
  description?: string;
  /**
   * Default true.
   */
  required?: boolean;
  /**
   * Redacted from logs and errors. Default true.
   */
  secret?: boolean;
}
/**
 * HTTP Basic authentication.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authBasic".
 */
export interface SpecAuthBasic {
  kind: 'basic';
  description?: string;
  fields: SpecAuthFields;
  /**
   * Template: '{email}/token'.
   */
  username: string;
  /**
   * Template; '' for an empty password.
   */
  password: string;
}
/**
 * A raw header carrying the credential.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authHeader".
 */
export interface SpecAuthHeader {
  kind: 'header';
  description?: string;
  fields: SpecAuthFields;
  /**
   * Header name (Authorization).
   */
  header: string;
  /**
   * Template of the raw value: '{api_key}'.
   */
  value: string;
}
/**
 * OAuth 2.0 bearer tokens, obtained and refreshed at a token endpoint.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authOauth2".
 */
export interface SpecAuthOauth2 {
  kind: 'oauth2';
  description?: string;
  fields: SpecAuthFields;
  /**
   * How new access tokens are obtained.
   */
  grant: 'refresh_token' | 'client_credentials';
  /**
   * Token endpoint.
   */
  tokenUrl: string;
  /**
   * Template of the current access token ('{access_token}'); absent for client credentials.
   */
  accessToken?: string;
  /**
   * Template of the refresh token ('{refresh_token}').
   */
  refreshToken?: string;
  /**
   * Template of the client id.
   */
  clientId?: string;
  /**
   * Template of the client secret.
   */
  clientSecret?: string;
  /**
   * Client credentials in the form/JSON body (default) or HTTP Basic.
   */
  clientAuth?: 'body' | 'basic';
  /**
   * Token request body (default form).
   */
  bodyFormat?: 'form' | 'json';
  /**
   * Extra templated token-request parameters (sub: '{user_id}').
   */
  extraParams?: {
    [k: string]: string;
  };
}
/**
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "errors".
 */
export interface SpecErrors {
  /**
   * Dot paths tried in order for a message in non-2xx bodies.
   */
  message?: string[];
  /**
   * Dot paths tried in order for a code in non-2xx bodies.
   */
  code?: string[];
  inBody?: SpecBodyError[];
}
/**
 * A failure reported inside a 2xx JSON body; raised as VendorError carrying the vendor's code. Exactly one of `equals` and `nonEmpty` says when it fires.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "bodyError".
 */
export interface SpecBodyError {
  /**
   * Dot path inspected (ok, errors).
   */
  when: string;
  /**
   * Fires when the value equals this (false for Slack's ok).
   */
  equals?: unknown;
  /**
   * Fires when the value is a non-empty array (GraphQL errors).
   */
  nonEmpty?: boolean;
  /**
   * Dot path to the vendor's code (error, errors.0.extensions.code).
   */
  code: string;
  /**
   * Dot path to a human message.
   */
  message?: string;
  /**
   * Codes meaning 'throttled, not processed': raised as RateLimitError and retried.
   */
  rateLimitCodes?: string[];
}
/**
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "record".
 */
export interface SpecRecord {
  description?: string;
  /**
   * Field name → type expression (or {type, description}). Unknown keys the vendor adds are kept at run time.
   */
  fields: {
    [k: string]:
      | SpecTypeExpr
      | {
          type: SpecTypeExpr;
          description?: string;
        };
  };
  /**
   * Fields computed from a dot path inside the record when the vendor does not send them flat (assigneeId: assignee.id; labelIds: labels.nodes[].id).
   */
  derive?: {
    [k: string]: string;
  };
}
/**
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "entity".
 */
export interface SpecEntity {
  description?: string;
  /**
   * Record type of the entity.
   */
  record?: string;
  /**
   * Fields the hosted search index holds for this entity (field → string | integer | number | boolean | object | array).
   */
  searchable?: {
    [k: string]: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  };
  sync?: SpecSync;
  actions: {
    [k: string]: SpecAction;
  };
}
/**
 * How the hosted service fills the synced copy that the entity's search action queries. Required for every entity with a search action. The sync runs the named list action page by page (auto-pagination, the runtime's retries and rate limits); with incremental it asks only for records changed since the last run, otherwise each run is a full refresh that also removes records the vendor no longer returns.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "sync".
 */
export interface SpecSync {
  /**
   * Name of a list action of this entity that returns every record (its required parameters filled by params or forEach).
   */
  action: string;
  /**
   * Fixed parameters sent on every sync request, e.g. {limit: 200} for larger pages. They must satisfy the action's parameter rules.
   */
  params?: {
    [k: string]: unknown;
  };
  /**
   * Dot path of the record's own id at the vendor (default id); hits[].id in search results.
   */
  idField?: string;
  /**
   * The vendor filters the list by update time: after a first full sync, each run sends param = the highest value of field seen so far, and upserts what comes back. Declare it only when the list action has that parameter.
   */
  incremental?: {
    /**
     * Parameter of the list action that bounds the update time from below (updated_after).
     */
    param: string;
    /**
     * Dot path of the record's update time (updated_at), read to advance the checkpoint.
     */
    field: string;
    /**
     * How a timestamp reads: an ISO 8601 date-time string, or Unix epoch seconds or milliseconds (a number, or a string of digits with an optional fraction such as Slack's "1712345678.000200").
     */
    format: 'iso-8601' | 'unix-seconds' | 'unix-ms';
  };
  /**
   * How replication_config.start_date bounds the sync: the list action's parameter that filters by creation (or update) time. Without it, start_date cannot be pushed to the vendor.
   */
  startDate?: {
    /**
     * Parameter of the list action that takes the lower time bound (created_after).
     */
    param: string;
    /**
     * How a timestamp reads: an ISO 8601 date-time string, or Unix epoch seconds or milliseconds (a number, or a string of digits with an optional fraction such as Slack's "1712345678.000200").
     */
    format: 'iso-8601' | 'unix-seconds' | 'unix-ms';
  };
  /**
   * For entities listed per parent (the comments of one issue): run the list once for each record in the parent entity's synced copy, putting the parent's field into param. The parent entity syncs first.
   */
  forEach?: {
    /**
     * The parent entity, which itself declares sync.
     */
    entity: string;
    /**
     * Required parameter of the list action that names the parent (issueId).
     */
    param: string;
    /**
     * Dot path of the parent record's value to send (default id).
     */
    field?: string;
  };
}
/**
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "action".
 */
export interface SpecAction {
  /**
   * Defaults to the action's name when it is one of these.
   */
  kind?: 'list' | 'get' | 'create' | 'update' | 'delete' | 'search' | 'api_search' | 'download';
  description?: string;
  /**
   * Override: safe to send twice (a POST that only reads). Default: true for GET, GraphQL queries, list/get/download; false otherwise.
   */
  idempotent?: boolean;
  request?: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    /**
     * Path under baseUrl; {name} placeholders are path params.
     */
    path?: string;
    bodyFormat?: 'json' | 'form';
    /**
     * Wrap body params under this key ({"ticket": {…}}).
     */
    envelope?: string;
    headers?: {
      [k: string]: string;
    };
    /**
     * A GraphQL operation; fragments it spreads are appended. Implies POST with {query, variables, operationName}.
     */
    graphql?: string;
  };
  params?: {
    [k: string]: SpecParam;
  };
  /**
   * Record type returned (defaults to the entity's record).
   */
  returns?: string;
  response?: {
    /**
     * Dot path to the records ('' = whole body).
     */
    records: string;
    /**
     * Dot path to a boolean that must be true (mutation payloads).
     */
    success?: string;
    /**
     * Statuses that mean 'nothing matched' for this action and give an empty result instead of an error (Gong answers a call query that matches nothing with 404).
     */
    emptyOnStatus?: number[];
  };
  pagination?: SpecPagination;
  meta?: {
    [k: string]: SpecMetaMember;
  };
  /**
   * Download: `direct` (the request returns the file) or two-step (find the file URL in the first JSON response).
   */
  download?:
    | 'direct'
    | {
        /**
         * Dot path to an array of items to pick from.
         */
        from?: string;
        /**
         * Item field → select param name.
         */
        match?: {
          [k: string]: string;
        };
        /**
         * Select param giving the item's position among matches.
         */
        indexParam?: string;
        /**
         * Dot path to the URL (inside the picked item when `from` is set).
         */
        url: string;
        /**
         * Noun used in 'no … matched' errors.
         */
        itemName?: string;
      };
}
/**
 * The next cursor (or next-page URL) is read from the body.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "paginationCursor".
 */
export interface SpecPaginationCursor {
  style: 'cursor';
  cursorParam: string;
  /**
   * Dot path to the next cursor (or next URL) in the body.
   */
  next: string;
  /**
   * Dot path to a boolean; false ends paging.
   */
  hasMore?: string;
  /**
   * The next value is a URL; take this query parameter of it.
   */
  fromUrlParam?: string;
}
/**
 * GraphQL Relay connections: pageInfo { hasNextPage endCursor }.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "paginationRelay".
 */
export interface SpecPaginationRelay {
  style: 'relay';
  cursorParam: string;
  /**
   * Dot path to pageInfo.
   */
  pageInfo: string;
}
/**
 * The next page is the rel="next" URL of the Link header.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "paginationLinkHeader".
 */
export interface SpecPaginationLinkHeader {
  style: 'link-header';
  cursorParam: string;
  /**
   * Query parameter of the rel="next" URL that carries the cursor (page, cursor).
   */
  fromUrlParam: string;
  /**
   * Send the cursor as the only query parameter (Harvest v3).
   */
  exclusive?: boolean;
}
/**
 * Numbered pages: the body says the current page and the page count.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "paginationPageNumber".
 */
export interface SpecPaginationPageNumber {
  style: 'page-number';
  cursorParam: string;
  currentPage: string;
  totalPages: string;
}
/**
 * A single-page list; say why in `reason`.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "paginationNone".
 */
export interface SpecPaginationNone {
  style: 'none';
  reason?: string;
}
