// Generated from specs/conversation-intelligence.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ExecuteResult } from '@switchyard/runtime';

/**
 * TODO
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Item {
  [key: string]: unknown;
  id: string;
  name?: string | null;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of items.list. */
export interface ItemsListParams {
  /** Cursor from meta.next_cursor. */
  cursor?: string;
  /** Records per page. (≥ 1; ≤ 100; default `50`) */
  limit?: number;
}

/** Meta of items.list. */
export interface ItemsListMeta {
  next_cursor: string | null;
}

/** Parameters of items.get. */
export interface ItemsGetParams {
  /** TODO (at least 1 character) */
  id: string;
}

/** Credentials, one of: Token. */
export type ConversationIntelligenceConnectorAuth = { /** TODO */ api_token: string };
/** Config variables used to build the base URL. */
export type ConversationIntelligenceConnectorConfig = Record<string, never>;
/** entity → action → parameters and result, for the typed `execute`. */
export type ConversationIntelligenceConnectorOperations = {
  items: {
    list: { params: ItemsListParams | undefined; result: ExecuteResult<Item[], ItemsListMeta> };
    get: { params: ItemsGetParams; result: ExecuteResult<Item, EmptyMeta> };
  };
};
