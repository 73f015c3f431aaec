/** The shape of a spec after schema validation (see specs/connector.schema.json). */
import type { AuthKind, BodyErrorRule, ParamLocation, ParamType } from '../../packages/runtime/src/core/metadata.js';

export interface SpecParam {
  type: ParamType;
  description?: string;
  required?: boolean;
  nullable?: boolean;
  enum?: (string | number | boolean)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternText?: string;
  format?: 'date-time' | 'utc-date-time' | 'date' | 'uri';
  minItems?: number;
  maxItems?: number;
  items?: SpecParam;
  properties?: Record<string, SpecParam>;
  default?: unknown;
  in?: ParamLocation;
  as?: string;
  style?: 'csv' | 'repeat';
}

export type SpecPagination =
  | { style: 'cursor'; cursorParam: string; next: string; hasMore?: string; fromUrlParam?: string }
  | { style: 'relay'; cursorParam: string; pageInfo: string }
  | { style: 'link-header'; cursorParam: string; fromUrlParam: string; exclusive?: boolean }
  | { style: 'page-number'; cursorParam: string; currentPage: string; totalPages: string }
  | { style: 'none'; reason?: string };

export type SpecMeta = string | { from: string; type?: string; description?: string };

export interface SpecDownload {
  from?: string;
  match?: Record<string, string>;
  indexParam?: string;
  url: string;
  itemName?: string;
}

export interface SpecAction {
  kind?: string;
  description?: string;
  idempotent?: boolean;
  request?: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path?: string;
    bodyFormat?: 'json' | 'form';
    envelope?: string;
    headers?: Record<string, string>;
    graphql?: string;
  };
  params?: Record<string, SpecParam>;
  returns?: string;
  response?: { records: string; success?: string; emptyOnStatus?: number[] };
  pagination?: SpecPagination;
  meta?: Record<string, SpecMeta>;
  download?: 'direct' | SpecDownload;
}

export interface SpecEntity {
  description?: string;
  record?: string;
  searchable?: Record<string, string>;
  actions: Record<string, SpecAction>;
}

export interface SpecRecord {
  description?: string;
  fields: Record<string, string | { type: string; description?: string }>;
  derive?: Record<string, string>;
}

type SpecAuthKind = Omit<AuthKind, 'name' | 'fields'> & {
  fields: Record<string, { description?: string; required?: boolean; secret?: boolean }>;
};

export interface SpecData {
  name: string;
  title: string;
  vendor: string;
  description?: string;
  notes?: string[];
  version?: string;
  baseUrl: string;
  headers?: Record<string, string>;
  config?: Record<string, SpecParam>;
  auth: Record<string, SpecAuthKind>;
  replication?: Record<string, SpecParam>;
  errors?: { message?: string[]; code?: string[]; inBody?: BodyErrorRule[] };
  rateLimit?: {
    resetHeader?: string;
    resetFormat?: 'unix-seconds' | 'unix-ms' | 'delta-seconds';
    alsoWhen?: { status: number; header: string; equals?: string }[];
  };
  requestIdHeaders?: string[];
  graphql?: { fragments?: Record<string, string> };
  records?: Record<string, SpecRecord>;
  entities: Record<string, SpecEntity>;
}
