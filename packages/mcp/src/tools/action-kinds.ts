/**
 * What an action's kind (from the spec) means for an agent: whether it only reads, whether a
 * write may destroy something, whether it reaches the vendor (an open world) or only the
 * service's synced copy. MCP clients use these hints to ask before destructive calls.
 */
import type { ActionKind, ActionMetadata } from '@switchyard/runtime';

/** MCP tool annotations (the protocol's `ToolAnnotations`). */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

const READ_KINDS: ReadonlySet<ActionKind> = new Set(['list', 'get', 'search', 'api_search', 'download']);
/** Kinds whose result is records a caller may project with `fields`. */
const RECORD_READ_KINDS: ReadonlySet<ActionKind> = new Set(['list', 'get', 'search', 'api_search']);

/** Reads change nothing; every other kind (create, update, delete, and any kind added later) is a write. */
export function isRead(kind: ActionKind): boolean {
  return READ_KINDS.has(kind);
}

export function returnsRecords(kind: ActionKind): boolean {
  return RECORD_READ_KINDS.has(kind);
}

/** Whether the action's result is a list of records (a page), where `skip` and whole-record truncation apply. */
export function returnsList(action: ActionMetadata): boolean {
  return action.returnsList === true || action.kind === 'search';
}

/**
 * list, get, search, api_search and download only read; create adds without destroying; update
 * and delete may destroy what was there. `search` reads the service's synced copy (a closed
 * world); every other action calls the vendor.
 */
export function actionAnnotations(action: ActionMetadata, title?: string): ToolAnnotations {
  const openWorldHint = action.kind !== 'search';
  const base = title === undefined ? {} : { title };
  if (isRead(action.kind)) return { ...base, readOnlyHint: true, openWorldHint };
  if (action.kind === 'create') return { ...base, readOnlyHint: false, destructiveHint: false, openWorldHint };
  return { ...base, readOnlyHint: false, destructiveHint: true, openWorldHint };
}
