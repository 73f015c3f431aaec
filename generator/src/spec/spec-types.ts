// Generated from specs/connector.schema.json by generator/src/workspace/spec-types-from-schema.ts (json-schema-to-typescript). Do not edit: change the schema and run pnpm generate.
/**
 * A credential kind. `kind` selects which templates it needs; templates use {field} placeholders over its fields.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authKind".
 */
export type SpecAuthKind = SpecAuthBearer | SpecAuthBasic | SpecAuthHeader | SpecAuthOauth2;
/**
 * A field type: string | integer | number | boolean | object | any | array | array<T> | map<T> | a record or named type (PascalCase); `A | B` for unions; a trailing ? means nullable (T or null). map<T> is an object with free keys whose values are all T, for property bags: `map<string?>` is Record<string, string | null>. Examples: `string?`, `array<Reaction>?`, `string | integer?`, `map<string?>`.
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
   * Display name of the family, as docs and the service show it ("Messaging", "Support Desk"); write acronyms as they are written ("CRM", not "Crm"). The generated class is named from `name`, not from this (crm → CrmConnector), so the title can change without renaming the export.
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
   * How the vendor signals throttling beyond HTTP 429, the reset header used to time a retry when a 429 carries no Retry-After, quota answers that must not be retried, and the client-side spacing that keeps calls under the vendor's rate.
   */
  rateLimit?: {
    /**
     * Header name, e.g. X-RateLimit-Reset.
     */
    resetHeader?: string;
    /**
     * How to read the reset header's value: an absolute time in Unix seconds or milliseconds, or a window from now in seconds (delta-seconds) or milliseconds (delta-ms). Only meaningful with resetHeader.
     */
    resetFormat?: 'unix-seconds' | 'unix-ms' | 'delta-seconds' | 'delta-ms';
    spacing?: SpecRateSpacing;
    /**
     * Named spacing groups; an action joins one with `rateGroup: <name>` and then also waits for a token of the group (HubSpot's search endpoints: 4 requests/s per account on top of the overall limit).
     */
    groups?: {
      [k: string]: SpecRateSpacing;
    };
    /**
     * Answers that mean the vendor's quota (a daily or monthly allowance) is used up, e.g. HubSpot's 429 with policyName DAILY. Such an answer is never retried: it is raised at once as QuotaExceededError (a RateLimitError) with resetAt taken from Retry-After or the reset header when the answer carries one.
     *
     * @minItems 1
     */
    quota?: {
      /**
       * HTTP status of the quota answer.
       */
      status: number;
      /**
       * Dot path in the error body (policyName).
       */
      bodyPath: string;
      /**
       * The value at bodyPath that marks the quota answer (DAILY).
       */
      equals: string | number | boolean;
    }[];
    /**
     * Other answers that mean 'throttled, not processed' and are retried like a 429, e.g. GitHub's secondary limit: HTTP 403 with Retry-After, with X-RateLimit-Remaining: 0, or with a message saying so. A rule names a header, a body text, or both (all must hold).
     */
    alsoWhen?: ({
      [k: string]: unknown;
    } & {
      status: number;
      /**
       * The header that must be present.
       */
      header?: string;
      /**
       * The value the header must have (any value when absent).
       */
      equals?: string;
      /**
       * Dot path to a text of the error body (message).
       */
      bodyPath?: string;
      /**
       * Words that text must contain, in any letter case (secondary rate limit).
       */
      contains?: string;
      /**
       * How long to wait when the answer names no time (no Retry-After nor reset header): GitHub asks for at least a minute.
       */
      waitMs?: number;
    })[];
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
   * Named reusable types, keyed by a PascalCase name, written in the parameter rule language (type, properties, items, enum, when, …). A parameter uses one with `type: <Name>` (its rules are checked as if written in place; the usage may add description, required, nullable, default, in and as), and a record field uses one in its type expression (`array<Filter>`). Each is emitted once as a named TypeScript type and once as a shared rule and JSON Schema, instead of an anonymous copy per use.
   */
  types?: {
    [k: string]: SpecParam;
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
  /**
   * string, integer, number, boolean, object, array or any; or the PascalCase name of a type declared under `types`.
   */
  type: ('string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any') | string;
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
   * Where it travels. Default: path when named in the path template, query for GET/DELETE, variables for GraphQL, body otherwise. file-header: a header of the file request of a two-step download. select: not sent as a value; picks the item of a two-step download, or (set by the generator for an action's `select` rule) the fields of a GraphQL selection.
   */
  in?: 'query' | 'path' | 'header' | 'body' | 'variables' | 'file-header' | 'select';
  /**
   * Wire name or dot path (input.teamId, filter.callIds, Range) when it differs from the parameter name.
   */
  as?: string;
  /**
   * Objects: cross-field rules. When `field` holds one of the values in `in`, the fields of `require` must be given (not absent, not null) and those of `forbid` must not be; otherwise ValidationError (rules required-when / forbidden-when) naming the field path, before any I/O. Published in the JSON Schema as if/then. Example: { field: operator, in: [BETWEEN], require: [value, highValue] }.
   *
   * @minItems 1
   */
  when?: {
    /**
     * The property whose value selects the rule.
     */
    field: string;
    /**
     * Values of `field` for which the rule applies.
     *
     * @minItems 1
     */
    in: (string | number | boolean)[];
    /**
     * Properties that must be given.
     *
     * @minItems 1
     */
    require?: string[];
    /**
     * Properties that must be absent.
     *
     * @minItems 1
     */
    forbid?: string[];
  }[];
  /**
   * Arrays of objects: the array property `field` of all items together holds at most `maximum` items (a vendor limit across groups, e.g. 18 filters over all filter groups). ValidationError rule totalItems before any I/O. JSON Schema cannot count across items, so the published schema states it in the description only.
   */
  totalItems?: {
    field: string;
    maximum: number;
  };
  /**
   * Text sent before a string value on the wire; the caller passes the value alone (a branch name `main` sent as the Git ref `refs/heads/main`).
   */
  prefix?: string;
  /**
   * Top-level string parameters: an ECMAScript regular expression whose every match is removed from the value on the wire, the rest trimmed. The caller's value is validated as given. For a term the vendor's endpoint refuses although its own documentation writes it (Zendesk's export search and `type:ticket`).
   */
  drop?: string;
  /**
   * Arrays in a query string: comma-joined (default) or a repeated key.
   */
  style?: 'csv' | 'repeat';
  /**
   * Config variables only, with an enum: for each enum value, the text put in place of {name} in baseUrl, when the value itself is not what the URL needs (region EU → api.eu.intercom.io in https://{region}). Every enum value needs an entry. The texts are written by the spec author, so they may hold dots and slashes; the caller still only chooses among the enum values.
   */
  substitutes?: {
    [k: string]: string;
  };
  /**
   * Config variables only, of type string, placed as the whole host of baseUrl (https://{api_host}/v2): the value is a whole host name (company-17.api.gong.io), not one DNS label. Without it a config value in the host must be one label, so a tenant setting can never point the connector, and its credentials, at another host; a vendor that gives each customer its own host name (Gong's api_base_url_for_customer) needs the whole name. The runtime refuses anything that is not host-name syntax (labels of letters, digits and inner hyphens joined by dots, at most 63 per label and 253 in all, not ending in a number, a label starting xn-- valid Punycode), so no /, @, :, ?, # or space can move the request, and the variable's `pattern` is what keeps credentials on the vendor's hosts: it is required, must be anchored at the end with $ in every alternative, and must refuse hosts of other domains (SY129), e.g. '^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)?api\.gong\.io$'. Published in configSchema as format: hostname.
   */
  hostname?: boolean;
}
/**
 * Authorization: Bearer <token>.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "authBearer".
 */
export interface SpecAuthBearer {
  kind: 'bearer';
  /**
   * Base URL when the caller's credentials are of this kind (the kind reaches another version of the vendor API, e.g. Greenhouse Harvest v3 for OAuth client credentials while an API key reaches v1). Defaults to the spec's baseUrl; the `baseUrl` option still overrides it. Actions say what else differs under `variants`.
   */
  baseUrl?: string;
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
  /**
   * Base URL when the caller's credentials are of this kind (the kind reaches another version of the vendor API, e.g. Greenhouse Harvest v3 for OAuth client credentials while an API key reaches v1). Defaults to the spec's baseUrl; the `baseUrl` option still overrides it. Actions say what else differs under `variants`.
   */
  baseUrl?: string;
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
  /**
   * Base URL when the caller's credentials are of this kind (the kind reaches another version of the vendor API, e.g. Greenhouse Harvest v3 for OAuth client credentials while an API key reaches v1). Defaults to the spec's baseUrl; the `baseUrl` option still overrides it. Actions say what else differs under `variants`.
   */
  baseUrl?: string;
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
  /**
   * Base URL when the caller's credentials are of this kind (the kind reaches another version of the vendor API, e.g. Greenhouse Harvest v3 for OAuth client credentials while an API key reaches v1). Defaults to the spec's baseUrl; the `baseUrl` option still overrides it. Actions say what else differs under `variants`.
   */
  baseUrl?: string;
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
   * How the token request carries its parameters: a form-encoded body (default), a JSON body, or `query`: in the URL query string with an empty body (Gong).
   */
  bodyFormat?: 'form' | 'json' | 'query';
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
  /**
   * Dot paths tried in order for the vendor's request id in non-2xx bodies (HubSpot: correlationId); copied to error.requestId, before any requestIdHeaders value.
   *
   * @minItems 1
   */
  requestId?: string[];
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
  /**
   * Codes meaning 'the credentials were refused', in a 2xx body or an error body whatever its status: raised as AuthenticationError; a refreshable credential is refreshed and the call sent once more, as after a 401.
   */
  authCodes?: string[];
}
/**
 * Client-side rate spacing, a token bucket: `burst` calls may start at once, then one every 1/requestsPerSecond seconds. Under rateLimit.spacing it covers every call of one connector instance (execute, typed helpers, pagination and retries share it); under rateLimit.groups.<name> the calls of actions that name the group. A call waits for its turn before it is sent; a turn later than the call's timeout fails at once with TimeoutError, and the call's AbortSignal ends the wait.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "rateSpacing".
 */
export interface SpecRateSpacing {
  /**
   * Sustained rate, in calls per second (fractions allowed: 0.5 is one call every 2 s).
   */
  requestsPerSecond: number;
  /**
   * Calls that may start at once after a pause (default 1).
   */
  burst?: number;
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
   * Fields computed from a dot path inside the record when the vendor does not send them flat (assigneeId: assignee.id; labelIds: labels.nodes[].id). A list (`[]` in the path) names related records: it holds each value once, in the order first seen.
   */
  derive?: {
    [k: string]: string;
  };
  /**
   * Fields the vendor sends as JSON integers that the record types as strings (int64 ids, which JavaScript numbers cannot hold beyond 2^53): each integer is given as its exact decimal digits. Dot paths from the record; `[]` maps over arrays (questions[].questionId). The first name must be one of the record's fields.
   */
  integersAsStrings?: string[];
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
   * Fields the hosted search index holds for this entity (field → string | integer | number | boolean | object | array). A key may be a dot path into an object field of the record (`properties.email: string`): the service types, indexes, filters and sorts that nested value like a top-level field, and hits carry it at its place (`{properties: {email}}`).
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
  /**
   * A group declared under rateLimit.groups: this action's calls also wait for a token of that group (in addition to rateLimit.spacing).
   */
  rateGroup?: string;
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
    /**
     * Record fields the record lacks, read from a dot path of the whole body: field name → dot path (Slack's chat.update answers `ts` beside `message`, not inside it). A field the record carries is kept.
     */
    fill?: {
      [k: string]: string;
    };
  };
  pagination?: SpecPagination;
  /**
   * How this action runs with particular credential kinds (keys: names under `auth`) that reach another version of the vendor API. The TypeScript parameters, records and meta stay the action's own; each variant only changes what goes on the wire. A kind without an entry runs the action as declared.
   */
  variants?: {
    [k: string]: SpecActionVariant;
  };
  meta?: {
    [k: string]: SpecMetaMember;
  };
  /**
   * Run-time field selection for a GraphQL action: the caller names the fields it wants in a parameter (default `fields`), and the runtime sends a document whose `fragment` holds only those fields. Each top-level field of the fragment (its alias when aliased) is one selectable name; a field's sub-selection and the fragments it spreads come with it. Unknown names are a ValidationError listing the allowed ones, before any request. Record fields that can be left out are optional in the generated types.
   */
  select?: {
    /**
     * A fragment under graphql.fragments that the operation spreads directly; its top-level selections must be fields.
     */
    fragment: string;
    /**
     * Name of the parameter that takes the field names (default fields).
     */
    param?: string;
    /**
     * Fields selected when the caller names none, in any order (default: every field of the fragment).
     *
     * @minItems 1
     */
    default?: string[];
    /**
     * Record type whose fields the names are (default: the action's record), e.g. the User inside a stargazer edge.
     */
    record?: string;
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
        /**
         * Dot path to the file's name (inside the picked item when `from` is set): the download's `file_name` when the file's answer has no Content-Disposition, before the last segment of its URL (a pre-signed URL's path is rarely the name).
         */
        fileName?: string;
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
/**
 * One credential kind's differences for one action. Every member replaces the action's own; members left out are kept.
 *
 * This interface was referenced by `SpecData`'s JSON-Schema
 * via the `definition` "actionVariant".
 */
export interface SpecActionVariant {
  /**
   * This kind has no equivalent of the action: calls fail with a ConfigurationError (before any I/O) whose message ends with this reason. Excludes every other member.
   */
  unsupported?: string;
  request?: {
    /**
     * Defaults to the action's method.
     */
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    /**
     * Path under the kind's base URL; {name} placeholders are path params.
     */
    path: string;
  };
  /**
   * Per parameter: `false` = a parameter of the action this kind does not accept (a ValidationError naming it); `{in, as, prefix}` = the action's parameter travels differently with this kind; a full parameter (with `type`) = accepted with this kind only (optional in the TypeScript parameters, refused with the other kinds), e.g. Harvest v3's `cursor`.
   */
  params?: {
    [k: string]:
      | false
      | SpecParam
      | {
          /**
           * Where the parameter travels with this kind.
           */
          in?: 'query' | 'path' | 'header' | 'body';
          /**
           * Wire name with this kind.
           */
          as?: string;
          /**
           * Sent as prefix + value with this kind (`gte|` + a timestamp).
           */
          prefix?: string;
        };
  };
  pagination?: SpecPagination;
  /**
   * Meta members with this kind, replacing the action's own: an action member this kind does not fill is null with it; a member only variants fill is optional in the meta type and absent with the other kinds.
   */
  meta?: {
    [k: string]: SpecMetaMember;
  };
  response?: {
    /**
     * Dot path to the records with this kind ('' = whole body; `0` = the first item of an array, for a get served by a list filtered to one id).
     */
    records: string;
    /**
     * Record field → the field this kind's answers carry it in, when the names differ (`is_private: private`). Copied into the record field when it is absent, so records keep one shape across kinds.
     */
    rename?: {
      [k: string]: string;
    };
  };
}
