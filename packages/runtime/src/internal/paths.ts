/** Dot paths (`response_metadata.next_cursor`, `errors.0.message`) into parsed JSON. '' is the value itself. */
const splitCache = new Map<string, string[]>();

/** Paths come from specs (a few hundred at most), so their split form is cached. */
function keysOf(path: string): string[] {
  let keys = splitCache.get(path);
  if (!keys) splitCache.set(path, (keys = path.split('.')));
  return keys;
}

export function getPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current: unknown = value;
  for (const key of keysOf(path)) {
    // Own properties only: a vendor body without `constructor` must not yield Object.prototype's.
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Sets a dot path, creating plain objects on the way (`filter.callIds`, `input.teamId`). Keys are
 * defined as own data properties, so even a `__proto__` segment names a key, never the prototype.
 */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = target;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i]!;
    const next = Object.hasOwn(current, key) ? current[key] : undefined;
    if (next === null || typeof next !== 'object' || Array.isArray(next)) define(current, key, {});
    current = current[key] as Record<string, unknown>;
  }
  define(current, keys[keys.length - 1]!, value);
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
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
