/** Dot paths (`response_metadata.next_cursor`, `errors.0.message`) into parsed JSON. '' is the value itself. */
import { getOwnPath, setOwnPath } from '../core/own-keys.js';

const splitCache = new Map<string, string[]>();

/** Paths come from specs (a few hundred at most), so their split form is cached. */
function keysOf(path: string): string[] {
  let keys = splitCache.get(path);
  if (!keys) splitCache.set(path, (keys = path.split('.')));
  return keys;
}

/** Own properties only (core/own-keys.ts): a vendor body without `constructor` must not yield Object.prototype's. */
export function getPath(value: unknown, path: string): unknown {
  return path === '' ? value : getOwnPath(value, keysOf(path));
}

/**
 * Sets a dot path, creating plain objects on the way (`filter.callIds`, `input.teamId`) and
 * replacing a value on the way that is not an object. Keys are defined as own data properties,
 * so even a `__proto__` segment names a key, never the prototype.
 */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  setOwnPath(target, keysOf(path), value);
}

/**
 * Reads a derivation path where `[]` maps over an array: `assignee.id`, `labels.nodes[].id`.
 * Missing intermediate values give null (a derived id of an absent relation is null, not undefined).
 */
export function derivePath(value: unknown, path: string): unknown {
  const at = path.indexOf('[]');
  if (at === -1) {
    const found = getPath(value, path);
    return found === undefined ? null : found;
  }
  const list = getPath(value, path.slice(0, at));
  if (!Array.isArray(list)) return null;
  const rest = path.slice(at + 2).replace(/^\./, '');
  return list.map((item) => derivePath(item, rest));
}
