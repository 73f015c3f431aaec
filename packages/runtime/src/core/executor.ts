/**
 * The seam between generated code and the mode it runs in. Generated helpers hand
 * `{entity, action, params}` to an Executor; the open-source executor calls the vendor, the hosted
 * executor (posting to the execution service) returns the same `{data, meta}` shapes.
 */
import type { RequestOptions } from './http-client.js';

export interface ExecuteRequest {
  entity: string;
  action: string;
  params?: Record<string, unknown> | undefined;
}

/** Every action resolves to records (`data`) and the family's pagination or file members (`meta`). */
export interface ExecuteResult<Data = unknown, Meta = Record<string, unknown>> {
  data: Data;
  meta: Meta;
}

export interface Executor {
  readonly mode: 'open-source' | 'hosted';
  execute(request: ExecuteRequest, options?: RequestOptions): Promise<ExecuteResult>;
}
