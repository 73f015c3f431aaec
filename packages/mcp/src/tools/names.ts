/**
 * Names of per-action tools: `<type>_<entity>_<action>` with `-` (and anything else outside
 * a-z, 0-9 and `_`) turned into `_`, lower-cased: `support_desk_tickets_list`. Model providers
 * and MCP clients accept at most 64 characters, so a longer name keeps its first 55 characters
 * and ends with `_` and the first 8 hex digits of the SHA-256 of the full name: deterministic, and
 * two long names that share a prefix still differ.
 */
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME_LENGTH = 64;
const HASH_LENGTH = 8;

export function actionToolName(type: string, entity: string, action: string): string {
  const full = `${type}_${entity}_${action}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  if (full.length <= MAX_TOOL_NAME_LENGTH) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, HASH_LENGTH);
  return `${full.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}
