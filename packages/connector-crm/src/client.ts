// Generated from specs/crm.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  CompaniesApiSearchMeta,
  CompaniesApiSearchParams,
  CompaniesGetParams,
  CompaniesListMeta,
  CompaniesListParams,
  CompaniesSearchParams,
  Company,
  Contact,
  ContactsApiSearchMeta,
  ContactsApiSearchParams,
  ContactsGetParams,
  ContactsListMeta,
  ContactsListParams,
  ContactsSearchParams,
  CrmConnectorAuth,
  CrmConnectorConfig,
  CrmConnectorOperations,
  CrmObject,
  Deal,
  DealsApiSearchMeta,
  DealsApiSearchParams,
  DealsGetParams,
  DealsListMeta,
  DealsListParams,
  DealsSearchParams,
  EmptyMeta,
  ObjectSchema,
  ObjectsGetParams,
  ObjectsListMeta,
  ObjectsListParams,
  SchemasGetParams,
  SchemasListParams,
  TicketsApiSearchMeta,
  TicketsApiSearchParams,
  TicketsGetParams,
  TicketsListMeta,
  TicketsListParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type CrmConnectorOptions = OpenSourceOptions<CrmConnectorAuth, CrmConnectorConfig>;

/**
 * CRM connector on the HubSpot CRM API v3.
 *
 * ```ts
 * const connector = new CrmConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class CrmConnector extends ConnectorClient<CrmConnectorOperations> {
  /** The companies entity. */
  readonly companies: CompaniesResource;
  /** The contacts entity. */
  readonly contacts: ContactsResource;
  /** The deals entity. */
  readonly deals: DealsResource;
  /** The objects entity. */
  readonly objects: ObjectsResource;
  /** The schemas entity. */
  readonly schemas: SchemasResource;
  /** The tickets entity. */
  readonly tickets: TicketsResource;

  constructor(options: CrmConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.companies = new CompaniesResource(this);
    this.contacts = new ContactsResource(this);
    this.deals = new DealsResource(this);
    this.objects = new ObjectsResource(this);
    this.schemas = new SchemasResource(this);
    this.tickets = new TicketsResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = CrmConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): CrmConnector {
    return new CrmConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Actions of companies. */
export class CompaniesResource extends Resource<CrmConnector> {
  /**
   * Companies, page by page.
   *
   * Vendor call: `GET /objects/companies`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('companies', 'list', params)`: ExecuteResult<Company[], CompaniesListMeta>.
   */
  public list(params: CompaniesListParams = {}, options?: RequestOptions): PagePromise<Company, CompaniesListMeta> {
    return this._client.requestPage('companies', 'list', params, options);
  }

  /**
   * One company by id (or by a unique property with idProperty).
   *
   * Vendor call: `GET /objects/companies/{companyId}`.
   *
   * Resolves like `execute('companies', 'get', params)`: ExecuteResult<Company, EmptyMeta>.
   */
  public get(params: CompaniesGetParams, options?: RequestOptions): Promise<CrmConnectorOperations['companies']['get']['result']> {
    return this._client.request('companies', 'get', params, options);
  }

  /**
   * Search the synced copy of companies (hosted mode).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('companies', 'search', params)`: ExecuteResult<SearchHit<CompaniesSearchable>[], SearchMeta>.
   */
  public search(params: CompaniesSearchParams, options?: RequestOptions): Promise<CrmConnectorOperations['companies']['search']['result']> {
    return this._client.request('companies', 'search', params, options);
  }

  /**
   * HubSpot's search over companies.
   *
   * Vendor call: `POST /objects/companies/search`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('companies', 'api_search', params)`: ExecuteResult<Company[], CompaniesApiSearchMeta>.
   */
  public api_search(params: CompaniesApiSearchParams = {}, options?: RequestOptions): PagePromise<Company, CompaniesApiSearchMeta> {
    return this._client.requestPage('companies', 'api_search', params, options);
  }
}

/** Actions of contacts. */
export class ContactsResource extends Resource<CrmConnector> {
  /**
   * Contacts, page by page.
   *
   * Vendor call: `GET /objects/contacts`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('contacts', 'list', params)`: ExecuteResult<Contact[], ContactsListMeta>.
   */
  public list(params: ContactsListParams = {}, options?: RequestOptions): PagePromise<Contact, ContactsListMeta> {
    return this._client.requestPage('contacts', 'list', params, options);
  }

  /**
   * One contact by id (or by a unique property with idProperty).
   *
   * Vendor call: `GET /objects/contacts/{contactId}`.
   *
   * Resolves like `execute('contacts', 'get', params)`: ExecuteResult<Contact, EmptyMeta>.
   */
  public get(params: ContactsGetParams, options?: RequestOptions): Promise<CrmConnectorOperations['contacts']['get']['result']> {
    return this._client.request('contacts', 'get', params, options);
  }

  /**
   * Search the synced copy of contacts (hosted mode).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('contacts', 'search', params)`: ExecuteResult<SearchHit<ContactsSearchable>[], SearchMeta>.
   */
  public search(params: ContactsSearchParams, options?: RequestOptions): Promise<CrmConnectorOperations['contacts']['search']['result']> {
    return this._client.request('contacts', 'search', params, options);
  }

  /**
   * HubSpot's search over contacts (filter groups, sorts, free text).
   *
   * Vendor call: `POST /objects/contacts/search`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('contacts', 'api_search', params)`: ExecuteResult<Contact[], ContactsApiSearchMeta>.
   */
  public api_search(params: ContactsApiSearchParams = {}, options?: RequestOptions): PagePromise<Contact, ContactsApiSearchMeta> {
    return this._client.requestPage('contacts', 'api_search', params, options);
  }
}

/** Actions of deals. */
export class DealsResource extends Resource<CrmConnector> {
  /**
   * Deals, page by page.
   *
   * Vendor call: `GET /objects/deals`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('deals', 'list', params)`: ExecuteResult<Deal[], DealsListMeta>.
   */
  public list(params: DealsListParams = {}, options?: RequestOptions): PagePromise<Deal, DealsListMeta> {
    return this._client.requestPage('deals', 'list', params, options);
  }

  /**
   * One deal by id (or by a unique property with idProperty).
   *
   * Vendor call: `GET /objects/deals/{dealId}`.
   *
   * Resolves like `execute('deals', 'get', params)`: ExecuteResult<Deal, EmptyMeta>.
   */
  public get(params: DealsGetParams, options?: RequestOptions): Promise<CrmConnectorOperations['deals']['get']['result']> {
    return this._client.request('deals', 'get', params, options);
  }

  /**
   * Search the synced copy of deals (hosted mode).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('deals', 'search', params)`: ExecuteResult<SearchHit<DealsSearchable>[], SearchMeta>.
   */
  public search(params: DealsSearchParams, options?: RequestOptions): Promise<CrmConnectorOperations['deals']['search']['result']> {
    return this._client.request('deals', 'search', params, options);
  }

  /**
   * HubSpot's search over deals.
   *
   * Vendor call: `POST /objects/deals/search`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('deals', 'api_search', params)`: ExecuteResult<Deal[], DealsApiSearchMeta>.
   */
  public api_search(params: DealsApiSearchParams = {}, options?: RequestOptions): PagePromise<Deal, DealsApiSearchMeta> {
    return this._client.requestPage('deals', 'api_search', params, options);
  }
}

/** Actions of objects. */
export class ObjectsResource extends Resource<CrmConnector> {
  /**
   * Records of any object type, page by page.
   *
   * Vendor call: `GET /objects/{objectType}`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('objects', 'list', params)`: ExecuteResult<CrmObject[], ObjectsListMeta>.
   */
  public list(params: ObjectsListParams, options?: RequestOptions): PagePromise<CrmObject, ObjectsListMeta> {
    return this._client.requestPage('objects', 'list', params, options);
  }

  /**
   * One record of any object type.
   *
   * Vendor call: `GET /objects/{objectType}/{objectId}`.
   *
   * Resolves like `execute('objects', 'get', params)`: ExecuteResult<CrmObject, EmptyMeta>.
   */
  public get(params: ObjectsGetParams, options?: RequestOptions): Promise<CrmConnectorOperations['objects']['get']['result']> {
    return this._client.request('objects', 'get', params, options);
  }
}

/** Actions of schemas. */
export class SchemasResource extends Resource<CrmConnector> {
  /**
   * The account's custom object schemas.
   *
   * Vendor call: `GET /schemas`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('schemas', 'list', params)`: ExecuteResult<ObjectSchema[], EmptyMeta>.
   */
  public list(params: SchemasListParams = {}, options?: RequestOptions): PagePromise<ObjectSchema, EmptyMeta> {
    return this._client.requestPage('schemas', 'list', params, options);
  }

  /**
   * One custom object schema.
   *
   * Vendor call: `GET /schemas/{objectType}`.
   *
   * Resolves like `execute('schemas', 'get', params)`: ExecuteResult<ObjectSchema, EmptyMeta>.
   */
  public get(params: SchemasGetParams, options?: RequestOptions): Promise<CrmConnectorOperations['schemas']['get']['result']> {
    return this._client.request('schemas', 'get', params, options);
  }
}

/** Actions of tickets. */
export class TicketsResource extends Resource<CrmConnector> {
  /**
   * Tickets, page by page.
   *
   * Vendor call: `GET /objects/tickets`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('tickets', 'list', params)`: ExecuteResult<CrmObject[], TicketsListMeta>.
   */
  public list(params: TicketsListParams = {}, options?: RequestOptions): PagePromise<CrmObject, TicketsListMeta> {
    return this._client.requestPage('tickets', 'list', params, options);
  }

  /**
   * One ticket by id (or by a unique property with idProperty).
   *
   * Vendor call: `GET /objects/tickets/{ticketId}`.
   *
   * Resolves like `execute('tickets', 'get', params)`: ExecuteResult<CrmObject, EmptyMeta>.
   */
  public get(params: TicketsGetParams, options?: RequestOptions): Promise<CrmConnectorOperations['tickets']['get']['result']> {
    return this._client.request('tickets', 'get', params, options);
  }

  /**
   * HubSpot's search over tickets.
   *
   * Vendor call: `POST /objects/tickets/search`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('tickets', 'api_search', params)`: ExecuteResult<CrmObject[], TicketsApiSearchMeta>.
   */
  public api_search(params: TicketsApiSearchParams = {}, options?: RequestOptions): PagePromise<CrmObject, TicketsApiSearchMeta> {
    return this._client.requestPage('tickets', 'api_search', params, options);
  }
}
