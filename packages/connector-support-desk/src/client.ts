// Generated from specs/support-desk.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  Brand,
  BrandsGetParams,
  BrandsListMeta,
  BrandsListParams,
  Group,
  GroupsGetParams,
  GroupsListMeta,
  GroupsListParams,
  Macro,
  MacrosGetParams,
  MacrosListMeta,
  MacrosListParams,
  Organization,
  OrganizationsGetParams,
  OrganizationsListMeta,
  OrganizationsListParams,
  OrganizationsSearchParams,
  SatisfactionRating,
  SatisfactionRatingsGetParams,
  SatisfactionRatingsListMeta,
  SatisfactionRatingsListParams,
  SupportDeskConnectorAuth,
  SupportDeskConnectorConfig,
  SupportDeskConnectorOperations,
  Ticket,
  TicketAttachmentsDownloadParams,
  TicketAttachmentsGetParams,
  TicketComment,
  TicketCommentsListMeta,
  TicketCommentsListParams,
  TicketField,
  TicketFieldsGetParams,
  TicketFieldsListMeta,
  TicketFieldsListParams,
  TicketsApiSearchMeta,
  TicketsApiSearchParams,
  TicketsCreateParams,
  TicketsGetParams,
  TicketsListMeta,
  TicketsListParams,
  TicketsSearchParams,
  TicketsUpdateParams,
  User,
  UsersGetParams,
  UsersListMeta,
  UsersListParams,
  UsersSearchParams,
  View,
  ViewsGetParams,
  ViewsListMeta,
  ViewsListParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type SupportDeskConnectorOptions = Omit<OpenSourceOptions<SupportDeskConnectorAuth, SupportDeskConnectorConfig>, 'config'> & {
  config: SupportDeskConnectorConfig;
};

/**
 * Support Desk connector on the Zendesk Support API v2.
 *
 * ```ts
 * const connector = new SupportDeskConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class SupportDeskConnector extends ConnectorClient<SupportDeskConnectorOperations> {
  /** The brands entity. */
  readonly brands: BrandsResource;
  /** The groups entity. */
  readonly groups: GroupsResource;
  /** The macros entity. */
  readonly macros: MacrosResource;
  /** The organizations entity. */
  readonly organizations: OrganizationsResource;
  /** The satisfaction_ratings entity. */
  readonly satisfaction_ratings: SatisfactionRatingsResource;
  /** The ticket_attachments entity. */
  readonly ticket_attachments: TicketAttachmentsResource;
  /** The ticket_comments entity. */
  readonly ticket_comments: TicketCommentsResource;
  /** The ticket_fields entity. */
  readonly ticket_fields: TicketFieldsResource;
  /** The tickets entity. */
  readonly tickets: TicketsResource;
  /** The users entity. */
  readonly users: UsersResource;
  /** The views entity. */
  readonly views: ViewsResource;

  constructor(options: SupportDeskConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.brands = new BrandsResource(this);
    this.groups = new GroupsResource(this);
    this.macros = new MacrosResource(this);
    this.organizations = new OrganizationsResource(this);
    this.satisfaction_ratings = new SatisfactionRatingsResource(this);
    this.ticket_attachments = new TicketAttachmentsResource(this);
    this.ticket_comments = new TicketCommentsResource(this);
    this.ticket_fields = new TicketFieldsResource(this);
    this.tickets = new TicketsResource(this);
    this.users = new UsersResource(this);
    this.views = new ViewsResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = SupportDeskConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): SupportDeskConnector {
    return new SupportDeskConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Actions of brands. */
export class BrandsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists the account's brands, page by page.
   *
   * Vendor call: `GET /brands`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('brands', 'list', params)`: ExecuteResult<Brand[], BrandsListMeta>.
   */
  public list(params: BrandsListParams = {}, options?: RequestOptions): PagePromise<Brand, BrandsListMeta> {
    return this._client.requestPage('brands', 'list', params, options);
  }

  /**
   * Gets one brand by id.
   *
   * Vendor call: `GET /brands/{brand_id}`.
   *
   * Resolves like `execute('brands', 'get', params)`: ExecuteResult<Brand, EmptyMeta>.
   */
  public get(params: BrandsGetParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['brands']['get']['result']> {
    return this._client.request('brands', 'get', params, options);
  }
}

/** Actions of groups. */
export class GroupsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists agent groups, page by page.
   *
   * Vendor call: `GET /groups`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('groups', 'list', params)`: ExecuteResult<Group[], GroupsListMeta>.
   */
  public list(params: GroupsListParams = {}, options?: RequestOptions): PagePromise<Group, GroupsListMeta> {
    return this._client.requestPage('groups', 'list', params, options);
  }

  /**
   * Gets one group by id.
   *
   * Vendor call: `GET /groups/{group_id}`.
   *
   * Resolves like `execute('groups', 'get', params)`: ExecuteResult<Group, EmptyMeta>.
   */
  public get(params: GroupsGetParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['groups']['get']['result']> {
    return this._client.request('groups', 'get', params, options);
  }
}

/** Actions of macros. */
export class MacrosResource extends Resource<SupportDeskConnector> {
  /**
   * Lists macros available to the caller, page by page.
   *
   * Vendor call: `GET /macros`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('macros', 'list', params)`: ExecuteResult<Macro[], MacrosListMeta>.
   */
  public list(params: MacrosListParams = {}, options?: RequestOptions): PagePromise<Macro, MacrosListMeta> {
    return this._client.requestPage('macros', 'list', params, options);
  }

  /**
   * Gets one macro by id.
   *
   * Vendor call: `GET /macros/{macro_id}`.
   *
   * Resolves like `execute('macros', 'get', params)`: ExecuteResult<Macro, EmptyMeta>.
   */
  public get(params: MacrosGetParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['macros']['get']['result']> {
    return this._client.request('macros', 'get', params, options);
  }
}

/** Actions of organizations. */
export class OrganizationsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists organizations, page by page.
   *
   * Vendor call: `GET /organizations`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('organizations', 'list', params)`: ExecuteResult<Organization[], OrganizationsListMeta>.
   */
  public list(params: OrganizationsListParams = {}, options?: RequestOptions): PagePromise<Organization, OrganizationsListMeta> {
    return this._client.requestPage('organizations', 'list', params, options);
  }

  /**
   * Gets one organization by id.
   *
   * Vendor call: `GET /organizations/{organization_id}`.
   *
   * Resolves like `execute('organizations', 'get', params)`: ExecuteResult<Organization, EmptyMeta>.
   */
  public get(
    params: OrganizationsGetParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['organizations']['get']['result']> {
    return this._client.request('organizations', 'get', params, options);
  }

  /**
   * Searches the synced copy of organizations (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('organizations', 'search', params)`: ExecuteResult<SearchHit<OrganizationsSearchable>[], SearchMeta>.
   */
  public search(
    params: OrganizationsSearchParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['organizations']['search']['result']> {
    return this._client.request('organizations', 'search', params, options);
  }
}

/** Actions of satisfaction_ratings. */
export class SatisfactionRatingsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists satisfaction ratings, page by page.
   *
   * Vendor call: `GET /satisfaction_ratings`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('satisfaction_ratings', 'list', params)`: ExecuteResult<SatisfactionRating[], SatisfactionRatingsListMeta>.
   */
  public list(
    params: SatisfactionRatingsListParams = {},
    options?: RequestOptions,
  ): PagePromise<SatisfactionRating, SatisfactionRatingsListMeta> {
    return this._client.requestPage('satisfaction_ratings', 'list', params, options);
  }

  /**
   * Gets one satisfaction rating by id.
   *
   * Vendor call: `GET /satisfaction_ratings/{satisfaction_rating_id}`.
   *
   * Resolves like `execute('satisfaction_ratings', 'get', params)`: ExecuteResult<SatisfactionRating, EmptyMeta>.
   */
  public get(
    params: SatisfactionRatingsGetParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['satisfaction_ratings']['get']['result']> {
    return this._client.request('satisfaction_ratings', 'get', params, options);
  }
}

/** Actions of ticket_attachments. */
export class TicketAttachmentsResource extends Resource<SupportDeskConnector> {
  /**
   * Gets an attachment's details (file name, type, size, content_url).
   *
   * Vendor call: `GET /attachments/{attachment_id}`.
   *
   * Resolves like `execute('ticket_attachments', 'get', params)`: ExecuteResult<Attachment, EmptyMeta>.
   */
  public get(
    params: TicketAttachmentsGetParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['ticket_attachments']['get']['result']> {
    return this._client.request('ticket_attachments', 'get', params, options);
  }

  /**
   * Downloads an attachment's file, streamed.
   *
   * Vendor call: `GET /attachments/{attachment_id}`.
   *
   * `data` is an async iterable of `Uint8Array` chunks, streamed as you read it.
   *
   * Resolves like `execute('ticket_attachments', 'download', params)`: ExecuteResult<DownloadStream, DownloadMeta>.
   */
  public download(
    params: TicketAttachmentsDownloadParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['ticket_attachments']['download']['result']> {
    return this._client.request('ticket_attachments', 'download', params, options);
  }
}

/** Actions of ticket_comments. */
export class TicketCommentsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists the comments of a ticket, oldest first, page by page, with their attachments.
   *
   * Vendor call: `GET /tickets/{ticket_id}/comments`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('ticket_comments', 'list', params)`: ExecuteResult<TicketComment[], TicketCommentsListMeta>.
   */
  public list(params: TicketCommentsListParams, options?: RequestOptions): PagePromise<TicketComment, TicketCommentsListMeta> {
    return this._client.requestPage('ticket_comments', 'list', params, options);
  }
}

/** Actions of ticket_fields. */
export class TicketFieldsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists system and custom ticket fields, page by page (in id order).
   *
   * Vendor call: `GET /ticket_fields`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('ticket_fields', 'list', params)`: ExecuteResult<TicketField[], TicketFieldsListMeta>.
   */
  public list(params: TicketFieldsListParams = {}, options?: RequestOptions): PagePromise<TicketField, TicketFieldsListMeta> {
    return this._client.requestPage('ticket_fields', 'list', params, options);
  }

  /**
   * Gets one ticket field by id.
   *
   * Vendor call: `GET /ticket_fields/{ticket_field_id}`.
   *
   * Resolves like `execute('ticket_fields', 'get', params)`: ExecuteResult<TicketField, EmptyMeta>.
   */
  public get(
    params: TicketFieldsGetParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['ticket_fields']['get']['result']> {
    return this._client.request('ticket_fields', 'get', params, options);
  }
}

/** Actions of tickets. */
export class TicketsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists tickets, page by page (cursor pagination).
   *
   * Vendor call: `GET /tickets`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('tickets', 'list', params)`: ExecuteResult<Ticket[], TicketsListMeta>.
   */
  public list(params: TicketsListParams = {}, options?: RequestOptions): PagePromise<Ticket, TicketsListMeta> {
    return this._client.requestPage('tickets', 'list', params, options);
  }

  /**
   * Gets one ticket by id (without its comments; see ticket_comments.list).
   *
   * Vendor call: `GET /tickets/{ticket_id}`.
   *
   * Resolves like `execute('tickets', 'get', params)`: ExecuteResult<Ticket, EmptyMeta>.
   */
  public get(params: TicketsGetParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['tickets']['get']['result']> {
    return this._client.request('tickets', 'get', params, options);
  }

  /**
   * Creates a ticket with its first comment.
   *
   * Vendor call: `POST /tickets`.
   *
   * Resolves like `execute('tickets', 'create', params)`: ExecuteResult<Ticket, TicketsCreateMeta>.
   */
  public create(
    params: TicketsCreateParams = {},
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['tickets']['create']['result']> {
    return this._client.request('tickets', 'create', params, options);
  }

  /**
   * Updates a ticket: changes the fields given and, with `comment`, adds a public reply or an internal note. With safe_update and updated_stamp, a concurrent change is a 409.
   *
   * Vendor call: `PUT /tickets/{ticket_id}`.
   *
   * Resolves like `execute('tickets', 'update', params)`: ExecuteResult<Ticket, TicketsUpdateMeta>.
   */
  public update(
    params: TicketsUpdateParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['tickets']['update']['result']> {
    return this._client.request('tickets', 'update', params, options);
  }

  /**
   * Searches the synced copy of tickets (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('tickets', 'search', params)`: ExecuteResult<SearchHit<TicketsSearchable>[], SearchMeta>.
   */
  public search(
    params: TicketsSearchParams,
    options?: RequestOptions,
  ): Promise<SupportDeskConnectorOperations['tickets']['search']['result']> {
    return this._client.request('tickets', 'search', params, options);
  }

  /**
   * Searches tickets with a Zendesk search query (GET /search/export, cursor pagination, ordered by creation time).
   *
   * Vendor call: `GET /search/export`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('tickets', 'api_search', params)`: ExecuteResult<Ticket[], TicketsApiSearchMeta>.
   */
  public api_search(params: TicketsApiSearchParams, options?: RequestOptions): PagePromise<Ticket, TicketsApiSearchMeta> {
    return this._client.requestPage('tickets', 'api_search', params, options);
  }
}

/** Actions of users. */
export class UsersResource extends Resource<SupportDeskConnector> {
  /**
   * Lists users, page by page, optionally only one role or permission set.
   *
   * Vendor call: `GET /users`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('users', 'list', params)`: ExecuteResult<User[], UsersListMeta>.
   */
  public list(params: UsersListParams = {}, options?: RequestOptions): PagePromise<User, UsersListMeta> {
    return this._client.requestPage('users', 'list', params, options);
  }

  /**
   * Gets one user by id.
   *
   * Vendor call: `GET /users/{user_id}`.
   *
   * Resolves like `execute('users', 'get', params)`: ExecuteResult<User, EmptyMeta>.
   */
  public get(params: UsersGetParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['users']['get']['result']> {
    return this._client.request('users', 'get', params, options);
  }

  /**
   * Searches the synced copy of users (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('users', 'search', params)`: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta>.
   */
  public search(params: UsersSearchParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['users']['search']['result']> {
    return this._client.request('users', 'search', params, options);
  }
}

/** Actions of views. */
export class ViewsResource extends Resource<SupportDeskConnector> {
  /**
   * Lists ticket views shared with or owned by the caller, page by page.
   *
   * Vendor call: `GET /views`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('views', 'list', params)`: ExecuteResult<View[], ViewsListMeta>.
   */
  public list(params: ViewsListParams = {}, options?: RequestOptions): PagePromise<View, ViewsListMeta> {
    return this._client.requestPage('views', 'list', params, options);
  }

  /**
   * Gets one view by id.
   *
   * Vendor call: `GET /views/{view_id}`.
   *
   * Resolves like `execute('views', 'get', params)`: ExecuteResult<View, EmptyMeta>.
   */
  public get(params: ViewsGetParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['views']['get']['result']> {
    return this._client.request('views', 'get', params, options);
  }
}
