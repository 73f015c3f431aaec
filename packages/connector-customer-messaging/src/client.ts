// Generated from specs/customer-messaging.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  Admin,
  AdminsGetParams,
  AdminsListMeta,
  AdminsListParams,
  CompaniesGetParams,
  CompaniesListMeta,
  CompaniesListParams,
  CompaniesSearchParams,
  Company,
  Contact,
  ContactsGetParams,
  ContactsListMeta,
  ContactsListParams,
  ContactsSearchParams,
  Conversation,
  ConversationsGetParams,
  ConversationsListMeta,
  ConversationsListParams,
  ConversationsSearchParams,
  CustomerMessagingConnectorAuth,
  CustomerMessagingConnectorConfig,
  CustomerMessagingConnectorOperations,
  Segment,
  SegmentsGetParams,
  SegmentsListMeta,
  SegmentsListParams,
  Tag,
  TagsGetParams,
  TagsListMeta,
  TagsListParams,
  Team,
  TeamsGetParams,
  TeamsListMeta,
  TeamsListParams,
  TeamsSearchParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type CustomerMessagingConnectorOptions = OpenSourceOptions<CustomerMessagingConnectorAuth, CustomerMessagingConnectorConfig>;

/**
 * Customer Messaging connector on the Intercom REST API 2.11.
 *
 * ```ts
 * const connector = new CustomerMessagingConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class CustomerMessagingConnector extends ConnectorClient<CustomerMessagingConnectorOperations> {
  /** The admins entity. */
  readonly admins: AdminsResource;
  /** The companies entity. */
  readonly companies: CompaniesResource;
  /** The contacts entity. */
  readonly contacts: ContactsResource;
  /** The conversations entity. */
  readonly conversations: ConversationsResource;
  /** The segments entity. */
  readonly segments: SegmentsResource;
  /** The tags entity. */
  readonly tags: TagsResource;
  /** The teams entity. */
  readonly teams: TeamsResource;

  constructor(options: CustomerMessagingConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.admins = new AdminsResource(this);
    this.companies = new CompaniesResource(this);
    this.contacts = new ContactsResource(this);
    this.conversations = new ConversationsResource(this);
    this.segments = new SegmentsResource(this);
    this.tags = new TagsResource(this);
    this.teams = new TeamsResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = CustomerMessagingConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): CustomerMessagingConnector {
    return new CustomerMessagingConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Actions of admins. */
export class AdminsResource extends Resource<CustomerMessagingConnector> {
  /**
   * Lists every admin (teammate) of the workspace (one response).
   *
   * Vendor call: `GET /admins`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('admins', 'list', params)`: ExecuteResult<Admin[], AdminsListMeta>.
   */
  public list(params: AdminsListParams = {}, options?: RequestOptions): PagePromise<Admin, AdminsListMeta> {
    return this._client.requestPage('admins', 'list', params, options);
  }

  /**
   * Gets one admin by id.
   *
   * Vendor call: `GET /admins/{id}`.
   *
   * Resolves like `execute('admins', 'get', params)`: ExecuteResult<Admin, EmptyMeta>.
   */
  public get(params: AdminsGetParams, options?: RequestOptions): Promise<CustomerMessagingConnectorOperations['admins']['get']['result']> {
    return this._client.request('admins', 'get', params, options);
  }
}

/** Actions of companies. */
export class CompaniesResource extends Resource<CustomerMessagingConnector> {
  /**
   * Lists companies that have contacts, page by page (at most 10,000, an Intercom limit).
   *
   * Vendor call: `GET /companies`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('companies', 'list', params)`: ExecuteResult<Company[], CompaniesListMeta>.
   */
  public list(params: CompaniesListParams = {}, options?: RequestOptions): PagePromise<Company, CompaniesListMeta> {
    return this._client.requestPage('companies', 'list', params, options);
  }

  /**
   * Gets one company by Intercom id (not your own company_id).
   *
   * Vendor call: `GET /companies/{id}`.
   *
   * Resolves like `execute('companies', 'get', params)`: ExecuteResult<Company, EmptyMeta>.
   */
  public get(
    params: CompaniesGetParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['companies']['get']['result']> {
    return this._client.request('companies', 'get', params, options);
  }

  /**
   * Searches the synced copy of companies (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('companies', 'search', params)`: ExecuteResult<SearchHit<CompaniesSearchable>[], SearchMeta>.
   */
  public search(
    params: CompaniesSearchParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['companies']['search']['result']> {
    return this._client.request('companies', 'search', params, options);
  }
}

/** Actions of contacts. */
export class ContactsResource extends Resource<CustomerMessagingConnector> {
  /**
   * Lists contacts (users and leads), page by page. Merged contacts are not listed.
   *
   * Vendor call: `GET /contacts`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('contacts', 'list', params)`: ExecuteResult<Contact[], ContactsListMeta>.
   */
  public list(params: ContactsListParams = {}, options?: RequestOptions): PagePromise<Contact, ContactsListMeta> {
    return this._client.requestPage('contacts', 'list', params, options);
  }

  /**
   * Gets one contact by Intercom id.
   *
   * Vendor call: `GET /contacts/{id}`.
   *
   * Resolves like `execute('contacts', 'get', params)`: ExecuteResult<Contact, EmptyMeta>.
   */
  public get(
    params: ContactsGetParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['contacts']['get']['result']> {
    return this._client.request('contacts', 'get', params, options);
  }

  /**
   * Searches the synced copy of contacts (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('contacts', 'search', params)`: ExecuteResult<SearchHit<ContactsSearchable>[], SearchMeta>.
   */
  public search(
    params: ContactsSearchParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['contacts']['search']['result']> {
    return this._client.request('contacts', 'search', params, options);
  }
}

/** Actions of conversations. */
export class ConversationsResource extends Resource<CustomerMessagingConnector> {
  /**
   * Lists conversations, page by page (without their parts).
   *
   * Vendor call: `GET /conversations`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('conversations', 'list', params)`: ExecuteResult<Conversation[], ConversationsListMeta>.
   */
  public list(params: ConversationsListParams = {}, options?: RequestOptions): PagePromise<Conversation, ConversationsListMeta> {
    return this._client.requestPage('conversations', 'list', params, options);
  }

  /**
   * Gets one conversation by id, with up to its 500 most recent parts.
   *
   * Vendor call: `GET /conversations/{id}`.
   *
   * Resolves like `execute('conversations', 'get', params)`: ExecuteResult<Conversation, EmptyMeta>.
   */
  public get(
    params: ConversationsGetParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['conversations']['get']['result']> {
    return this._client.request('conversations', 'get', params, options);
  }

  /**
   * Searches the synced copy of conversations (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('conversations', 'search', params)`: ExecuteResult<SearchHit<ConversationsSearchable>[], SearchMeta>.
   */
  public search(
    params: ConversationsSearchParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['conversations']['search']['result']> {
    return this._client.request('conversations', 'search', params, options);
  }
}

/** Actions of segments. */
export class SegmentsResource extends Resource<CustomerMessagingConnector> {
  /**
   * Lists every segment of the workspace (one response), optionally with contact counts.
   *
   * Vendor call: `GET /segments`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('segments', 'list', params)`: ExecuteResult<Segment[], SegmentsListMeta>.
   */
  public list(params: SegmentsListParams = {}, options?: RequestOptions): PagePromise<Segment, SegmentsListMeta> {
    return this._client.requestPage('segments', 'list', params, options);
  }

  /**
   * Gets one segment by id.
   *
   * Vendor call: `GET /segments/{id}`.
   *
   * Resolves like `execute('segments', 'get', params)`: ExecuteResult<Segment, EmptyMeta>.
   */
  public get(
    params: SegmentsGetParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['segments']['get']['result']> {
    return this._client.request('segments', 'get', params, options);
  }
}

/** Actions of tags. */
export class TagsResource extends Resource<CustomerMessagingConnector> {
  /**
   * Lists every tag of the workspace (one response).
   *
   * Vendor call: `GET /tags`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('tags', 'list', params)`: ExecuteResult<Tag[], TagsListMeta>.
   */
  public list(params: TagsListParams = {}, options?: RequestOptions): PagePromise<Tag, TagsListMeta> {
    return this._client.requestPage('tags', 'list', params, options);
  }

  /**
   * Gets one tag by id.
   *
   * Vendor call: `GET /tags/{id}`.
   *
   * Resolves like `execute('tags', 'get', params)`: ExecuteResult<Tag, EmptyMeta>.
   */
  public get(params: TagsGetParams, options?: RequestOptions): Promise<CustomerMessagingConnectorOperations['tags']['get']['result']> {
    return this._client.request('tags', 'get', params, options);
  }
}

/** Actions of teams. */
export class TeamsResource extends Resource<CustomerMessagingConnector> {
  /**
   * Lists every team of the workspace (one response).
   *
   * Vendor call: `GET /teams`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('teams', 'list', params)`: ExecuteResult<Team[], TeamsListMeta>.
   */
  public list(params: TeamsListParams = {}, options?: RequestOptions): PagePromise<Team, TeamsListMeta> {
    return this._client.requestPage('teams', 'list', params, options);
  }

  /**
   * Gets one team by id.
   *
   * Vendor call: `GET /teams/{id}`.
   *
   * Resolves like `execute('teams', 'get', params)`: ExecuteResult<Team, EmptyMeta>.
   */
  public get(params: TeamsGetParams, options?: RequestOptions): Promise<CustomerMessagingConnectorOperations['teams']['get']['result']> {
    return this._client.request('teams', 'get', params, options);
  }

  /**
   * Searches the synced copy of teams (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('teams', 'search', params)`: ExecuteResult<SearchHit<TeamsSearchable>[], SearchMeta>.
   */
  public search(
    params: TeamsSearchParams,
    options?: RequestOptions,
  ): Promise<CustomerMessagingConnectorOperations['teams']['search']['result']> {
    return this._client.request('teams', 'search', params, options);
  }
}
