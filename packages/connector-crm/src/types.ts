// Generated from specs/crm.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ExecuteResult, SearchHit, SearchMeta, SearchParams } from '@switchyard/runtime';

/**
 * One condition on a property; the filters of a group must all match.
 *
 * When operator is "BETWEEN": value, highValue required. When operator is "IN" or "NOT_IN": values required.
 */
export interface Filter {
  /** Internal name of the property. */
  propertyName: string;
  /** How the property is compared. */
  operator:
    | 'BETWEEN'
    | 'CONTAINS_TOKEN'
    | 'EQ'
    | 'GT'
    | 'GTE'
    | 'HAS_PROPERTY'
    | 'IN'
    | 'LT'
    | 'LTE'
    | 'NEQ'
    | 'NOT_CONTAINS_TOKEN'
    | 'NOT_HAS_PROPERTY'
    | 'NOT_IN';
  /** The value compared with (the lower bound for BETWEEN). */
  value?: string;
  /** The upper bound for BETWEEN. */
  highValue?: string;
  /** The values for IN and NOT_IN. */
  values?: Array<string>;
}

/** Filters that must all match; a record matches a search when any group matches. */
export interface FilterGroup {
  /** Up to 10 filters. */
  filters?: Array<Filter>;
}

/** One sort key. */
export interface Sort {
  /** Property to sort by. */
  propertyName: string;
  /** Sort direction (HubSpot's default is ascending). */
  direction?: 'ASCENDING' | 'DESCENDING';
}

/**
 * A company (companies.list, companies.get, companies.api_search).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Company {
  [key: string]: unknown;
  id: string;
  /** Property values by internal name; HubSpot sends every value as a string or null. */
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string | null;
  /** Past values per property (when propertiesWithHistory is asked for). */
  propertiesWithHistory?: Record<string, unknown> | null;
  /** Associated records by object type, e.g. {companies: {results: [{id, type}]}} (when associations is asked for). */
  associations?: Record<string, unknown> | null;
  objectWriteTraceId?: string | null;
  url?: string | null;
  /** Ids of associated contacts (from associations.contacts; null unless asked for). */
  contacts?: Array<string> | null;
}

/**
 * A contact (contacts.list, contacts.get, contacts.api_search).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Contact {
  [key: string]: unknown;
  id: string;
  /** Property values by internal name; HubSpot sends every value as a string or null. */
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string | null;
  /** Past values per property (when propertiesWithHistory is asked for). */
  propertiesWithHistory?: Record<string, unknown> | null;
  /** Associated records by object type, e.g. {companies: {results: [{id, type}]}} (when associations is asked for). */
  associations?: Record<string, unknown> | null;
  objectWriteTraceId?: string | null;
  url?: string | null;
  /** Ids of associated companies (from associations.companies; null unless asked for). */
  companies?: Array<string> | null;
}

/**
 * A CRM record of any object type (tickets.*, objects.*, and the base of contacts, companies and deals).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface CrmObject {
  [key: string]: unknown;
  id: string;
  /** Property values by internal name; HubSpot sends every value as a string or null. */
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string | null;
  /** Past values per property (when propertiesWithHistory is asked for). */
  propertiesWithHistory?: Record<string, unknown> | null;
  /** Associated records by object type, e.g. {companies: {results: [{id, type}]}} (when associations is asked for). */
  associations?: Record<string, unknown> | null;
  objectWriteTraceId?: string | null;
  url?: string | null;
}

/**
 * A deal (deals.list, deals.get, deals.api_search).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Deal {
  [key: string]: unknown;
  id: string;
  /** Property values by internal name; HubSpot sends every value as a string or null. */
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string | null;
  /** Past values per property (when propertiesWithHistory is asked for). */
  propertiesWithHistory?: Record<string, unknown> | null;
  /** Associated records by object type, e.g. {companies: {results: [{id, type}]}} (when associations is asked for). */
  associations?: Record<string, unknown> | null;
  objectWriteTraceId?: string | null;
  url?: string | null;
  /** Ids of associated companies (null unless asked for). */
  companies?: Array<string> | null;
  /** Ids of associated contacts (null unless asked for). */
  contacts?: Array<string> | null;
  /** Ids of associated line items (null unless asked for). */
  line_items?: Array<string> | null;
}

/**
 * A custom object's schema (schemas.list, schemas.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface ObjectSchema {
  [key: string]: unknown;
  id: string;
  name: string;
  objectTypeId: string;
  fullyQualifiedName: string;
  primaryDisplayProperty: string;
  metaType: string;
  createdAt: string;
  updatedAt: string;
  labels: Record<string, unknown>;
  requiredProperties: Array<string>;
  searchableProperties: Array<string>;
  secondaryDisplayProperties: Array<string>;
  description?: string | null;
  allowsSensitiveProperties: boolean;
  archived: boolean;
  restorable: boolean;
  createdByUserId: number;
  updatedByUserId: number;
  properties: Array<Record<string, unknown>>;
  associations: Array<Record<string, unknown>>;
}

/** Fields of companies held by the hosted search index. */
export interface CompaniesSearchable {
  archived?: boolean;
  contacts?: unknown[];
  createdAt?: string;
  id?: string;
  properties?: Record<string, unknown>;
  'properties.domain'?: string;
  'properties.industry'?: string;
  'properties.name'?: string;
  updatedAt?: string;
}

/** Fields of contacts held by the hosted search index. */
export interface ContactsSearchable {
  archived?: boolean;
  companies?: unknown[];
  createdAt?: string;
  id?: string;
  properties?: Record<string, unknown>;
  'properties.email'?: string;
  'properties.firstname'?: string;
  'properties.lastname'?: string;
  'properties.lifecyclestage'?: string;
  updatedAt?: string;
}

/** Fields of deals held by the hosted search index. */
export interface DealsSearchable {
  archived?: boolean;
  companies?: unknown[];
  contacts?: unknown[];
  createdAt?: string;
  id?: string;
  line_items?: unknown[];
  properties?: Record<string, unknown>;
  'properties.amount'?: string;
  'properties.dealname'?: string;
  'properties.dealstage'?: string;
  'properties.pipeline'?: string;
  updatedAt?: string;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of companies.list. */
export interface CompaniesListParams {
  /** Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory). (≤ 100) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
  /** Comma-separated property names to return; unknown names are ignored. */
  properties?: string;
  /** Comma-separated property names to return with their history (reduces the page size). */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names). */
  associations?: string;
  /** Return only archived records. */
  archived?: boolean;
}

/** Meta of companies.list. */
export interface CompaniesListMeta {
  next_cursor: string | null;
  /** Relative URL of the next page (?after=…), null on the last page. */
  next_link: string | null;
}

/** Parameters of companies.get. */
export interface CompaniesGetParams {
  /** The company id, or the value of the idProperty property. (at least 1 character) */
  companyId: string;
  /** Comma-separated property names to return. */
  properties?: string;
  /** Comma-separated property names to return with their history. */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include. */
  associations?: string;
  /** A property with unique values (email for contacts) to look the record up by, instead of its id. */
  idProperty?: string;
  /** Read an archived record. */
  archived?: boolean;
}

/** Parameters of companies.search. */
export type CompaniesSearchParams = SearchParams<CompaniesSearchable>;

/** Parameters of companies.api_search. */
export interface CompaniesApiSearchParams {
  /** Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. (at most 25 filters in all) */
  filterGroups?: Array<FilterGroup>;
  /** Sort keys, applied in order. */
  sorts?: Array<Sort>;
  /** Text searched in the default searchable properties (up to 3,000 characters). (at most 3000 characters) */
  query?: string;
  /** Property names to return. */
  properties?: Array<string>;
  /** Results per page (HubSpot: default 10, at most 200). (≤ 200) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
}

/** Meta of companies.api_search. */
export interface CompaniesApiSearchMeta {
  next_cursor: string | null;
  /** Relative URL of the next page when HubSpot sends one. */
  next_link: string | null;
  /** How many records match the search in all. */
  total: number;
}

/** Parameters of contacts.list. */
export interface ContactsListParams {
  /** Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory). (≤ 100) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
  /** Comma-separated property names to return; unknown names are ignored. */
  properties?: string;
  /** Comma-separated property names to return with their history (reduces the page size). */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names). */
  associations?: string;
  /** Return only archived records. */
  archived?: boolean;
}

/** Meta of contacts.list. */
export interface ContactsListMeta {
  next_cursor: string | null;
  /** Relative URL of the next page (?after=…), null on the last page. */
  next_link: string | null;
}

/** Parameters of contacts.get. */
export interface ContactsGetParams {
  /** The contact id, or the value of the idProperty property. (at least 1 character) */
  contactId: string;
  /** Comma-separated property names to return. */
  properties?: string;
  /** Comma-separated property names to return with their history. */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include. */
  associations?: string;
  /** A property with unique values (email for contacts) to look the record up by, instead of its id. */
  idProperty?: string;
  /** Read an archived record. */
  archived?: boolean;
}

/** Parameters of contacts.search. */
export type ContactsSearchParams = SearchParams<ContactsSearchable>;

/** Parameters of contacts.api_search. */
export interface ContactsApiSearchParams {
  /** Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. (at most 25 filters in all) */
  filterGroups?: Array<FilterGroup>;
  /** Sort keys, applied in order. */
  sorts?: Array<Sort>;
  /** Text searched in the default searchable properties (up to 3,000 characters). (at most 3000 characters) */
  query?: string;
  /** Property names to return. */
  properties?: Array<string>;
  /** Results per page (HubSpot: default 10, at most 200). (≤ 200) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
}

/** Meta of contacts.api_search. */
export interface ContactsApiSearchMeta {
  next_cursor: string | null;
  /** Relative URL of the next page when HubSpot sends one. */
  next_link: string | null;
  /** How many records match the search in all. */
  total: number;
}

/** Parameters of deals.list. */
export interface DealsListParams {
  /** Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory). (≤ 100) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
  /** Comma-separated property names to return; unknown names are ignored. */
  properties?: string;
  /** Comma-separated property names to return with their history (reduces the page size). */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names). */
  associations?: string;
  /** Return only archived records. */
  archived?: boolean;
}

/** Meta of deals.list. */
export interface DealsListMeta {
  next_cursor: string | null;
  /** Relative URL of the next page (?after=…), null on the last page. */
  next_link: string | null;
}

/** Parameters of deals.get. */
export interface DealsGetParams {
  /** The deal id, or the value of the idProperty property. (at least 1 character) */
  dealId: string;
  /** Comma-separated property names to return. */
  properties?: string;
  /** Comma-separated property names to return with their history. */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include. */
  associations?: string;
  /** A property with unique values (email for contacts) to look the record up by, instead of its id. */
  idProperty?: string;
  /** Read an archived record. */
  archived?: boolean;
}

/** Parameters of deals.search. */
export type DealsSearchParams = SearchParams<DealsSearchable>;

/** Parameters of deals.api_search. */
export interface DealsApiSearchParams {
  /** Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. (at most 25 filters in all) */
  filterGroups?: Array<FilterGroup>;
  /** Sort keys, applied in order. */
  sorts?: Array<Sort>;
  /** Text searched in the default searchable properties (up to 3,000 characters). (at most 3000 characters) */
  query?: string;
  /** Property names to return. */
  properties?: Array<string>;
  /** Results per page (HubSpot: default 10, at most 200). (≤ 200) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
}

/** Meta of deals.api_search. */
export interface DealsApiSearchMeta {
  next_cursor: string | null;
  /** Relative URL of the next page when HubSpot sends one. */
  next_link: string | null;
  /** How many records match the search in all. */
  total: number;
}

/** Parameters of objects.list. */
export interface ObjectsListParams {
  /** Object type id (0-1, 2-…) or name (contacts, p{portalId}_{name}). (at least 1 character) */
  objectType: string;
  /** Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory). (≤ 100) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
  /** Comma-separated property names to return; unknown names are ignored. */
  properties?: string;
  /** Comma-separated property names to return with their history (reduces the page size). */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names). */
  associations?: string;
  /** Return only archived records. */
  archived?: boolean;
}

/** Meta of objects.list. */
export interface ObjectsListMeta {
  next_cursor: string | null;
  /** Relative URL of the next page (?after=…), null on the last page. */
  next_link: string | null;
}

/** Parameters of objects.get. */
export interface ObjectsGetParams {
  /** Object type id (0-1, 2-…) or name (contacts, p{portalId}_{name}). (at least 1 character) */
  objectType: string;
  /** The record id, or the value of the idProperty property. (at least 1 character) */
  objectId: string;
  /** Comma-separated property names to return. */
  properties?: string;
  /** Comma-separated property names to return with their history. */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include. */
  associations?: string;
  /** A property with unique values (email for contacts) to look the record up by, instead of its id. */
  idProperty?: string;
  /** Read an archived record. */
  archived?: boolean;
}

/** Parameters of schemas.list. */
export interface SchemasListParams {
  /** Return only archived schemas. */
  archived?: boolean;
}

/** Parameters of schemas.get. */
export interface SchemasGetParams {
  /** Fully qualified name (p{portalId}_{name}) or object type id (2-…). (at least 1 character) */
  objectType: string;
}

/** Parameters of tickets.list. */
export interface TicketsListParams {
  /** Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory). (≤ 100) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
  /** Comma-separated property names to return; unknown names are ignored. */
  properties?: string;
  /** Comma-separated property names to return with their history (reduces the page size). */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names). */
  associations?: string;
  /** Return only archived records. */
  archived?: boolean;
}

/** Meta of tickets.list. */
export interface TicketsListMeta {
  next_cursor: string | null;
  /** Relative URL of the next page (?after=…), null on the last page. */
  next_link: string | null;
}

/** Parameters of tickets.get. */
export interface TicketsGetParams {
  /** The ticket id, or the value of the idProperty property. (at least 1 character) */
  ticketId: string;
  /** Comma-separated property names to return. */
  properties?: string;
  /** Comma-separated property names to return with their history. */
  propertiesWithHistory?: string;
  /** Comma-separated object types whose associated ids to include. */
  associations?: string;
  /** A property with unique values (email for contacts) to look the record up by, instead of its id. */
  idProperty?: string;
  /** Read an archived record. */
  archived?: boolean;
}

/** Parameters of tickets.api_search. */
export interface TicketsApiSearchParams {
  /** Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. (at most 25 filters in all) */
  filterGroups?: Array<FilterGroup>;
  /** Sort keys, applied in order. */
  sorts?: Array<Sort>;
  /** Text searched in the default searchable properties (up to 3,000 characters). (at most 3000 characters) */
  query?: string;
  /** Property names to return. */
  properties?: Array<string>;
  /** Results per page (HubSpot: default 10, at most 200). (≤ 200) */
  limit?: number;
  /** Paging cursor from the previous page's meta.next_cursor. */
  after?: string;
}

/** Meta of tickets.api_search. */
export interface TicketsApiSearchMeta {
  next_cursor: string | null;
  /** Relative URL of the next page when HubSpot sends one. */
  next_link: string | null;
  /** How many records match the search in all. */
  total: number;
}

/** Credentials, one of: Access token, OAuth refresh. */
export type CrmConnectorAuth =
  | { /** Private app token from Settings → Integrations → Private apps, or an OAuth access token. */ access_token: string }
  | {
      /** The app's client id. */ client_id: string;
      /** The app's client secret. */ client_secret: string;
      /** The refresh token received when the account installed the app. */ refresh_token: string;
    };
/** Config variables used to build the base URL. */
export type CrmConnectorConfig = Record<string, never>;
/** entity → action → parameters and result, for the typed `execute`. */
export type CrmConnectorOperations = {
  companies: {
    list: { params: CompaniesListParams | undefined; result: ExecuteResult<Company[], CompaniesListMeta> };
    get: { params: CompaniesGetParams; result: ExecuteResult<Company, EmptyMeta> };
    search: { params: CompaniesSearchParams; result: ExecuteResult<SearchHit<CompaniesSearchable>[], SearchMeta> };
    api_search: { params: CompaniesApiSearchParams | undefined; result: ExecuteResult<Company[], CompaniesApiSearchMeta> };
  };
  contacts: {
    list: { params: ContactsListParams | undefined; result: ExecuteResult<Contact[], ContactsListMeta> };
    get: { params: ContactsGetParams; result: ExecuteResult<Contact, EmptyMeta> };
    search: { params: ContactsSearchParams; result: ExecuteResult<SearchHit<ContactsSearchable>[], SearchMeta> };
    api_search: { params: ContactsApiSearchParams | undefined; result: ExecuteResult<Contact[], ContactsApiSearchMeta> };
  };
  deals: {
    list: { params: DealsListParams | undefined; result: ExecuteResult<Deal[], DealsListMeta> };
    get: { params: DealsGetParams; result: ExecuteResult<Deal, EmptyMeta> };
    search: { params: DealsSearchParams; result: ExecuteResult<SearchHit<DealsSearchable>[], SearchMeta> };
    api_search: { params: DealsApiSearchParams | undefined; result: ExecuteResult<Deal[], DealsApiSearchMeta> };
  };
  objects: {
    list: { params: ObjectsListParams; result: ExecuteResult<CrmObject[], ObjectsListMeta> };
    get: { params: ObjectsGetParams; result: ExecuteResult<CrmObject, EmptyMeta> };
  };
  schemas: {
    list: { params: SchemasListParams | undefined; result: ExecuteResult<ObjectSchema[], EmptyMeta> };
    get: { params: SchemasGetParams; result: ExecuteResult<ObjectSchema, EmptyMeta> };
  };
  tickets: {
    list: { params: TicketsListParams | undefined; result: ExecuteResult<CrmObject[], TicketsListMeta> };
    get: { params: TicketsGetParams; result: ExecuteResult<CrmObject, EmptyMeta> };
    api_search: { params: TicketsApiSearchParams | undefined; result: ExecuteResult<CrmObject[], TicketsApiSearchMeta> };
  };
};
