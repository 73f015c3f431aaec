/**
 * Reading and building objects by keys that come from outside: vendor records, request bodies,
 * search field paths (`profile.email`), spec paths (`response_metadata.next_cursor`). Every such
 * walker in the runtime and the service goes through these four functions.
 *
 * A key is data here. `__proto__`, `constructor` and `prototype` are keys like any other:
 * - reads see own properties only, so a record without `constructor` has none (a plain `obj[key]`
 *   would answer Object.prototype's, and a walk would go on into Function.prototype);
 * - writes define own data properties. `obj[key] = value` with the key `__proto__` replaces the
 *   object's prototype instead of storing the value (the key is lost), and a walk that follows
 *   `__proto__` and then assigns writes into Object.prototype: every object of the process, every
 *   tenant's requests, until it restarts.
 *
 * So a record that really holds a `"__proto__"` key (JSON.parse, PostgreSQL's and PGlite's jsonb
 * readers and object spread all keep it as an own property) keeps it through every read, copy and
 * projection, and `JSON.stringify` writes it back out.
 */

/** The value of `key` when it is an own property of the object `value`; undefined otherwise. */
export function getOwn(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
  return (value as Record<string, unknown>)[key];
}

/** Stores `value` under `key` as an own, enumerable data property, whatever the key is. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * The value at `path` following own properties only (array indexes included: `["errors", "0"]`);
 * undefined when any step is missing. An empty path is the value itself.
 */
export function getOwnPath(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    current = getOwn(current, key);
    if (current === undefined) return undefined;
  }
  return current;
}

export interface SetOwnPathOptions {
  /**
   * What to do when a step on the way already holds something other than an object (null, a
   * string, an array): `replace` it with a new object (the default: building a request body from
   * declared paths), or `keep` it and write nothing (projecting `profile` and `profile.email` of
   * the same record: the whole value already holds the part).
   */
  readonly existing?: 'replace' | 'keep';
}

/**
 * Sets `path` in `target`, creating plain objects on the way, every key an own data property.
 * Returns false when nothing was written (`existing: 'keep'` met a value that is not an object).
 */
export function setOwnPath(target: object, path: readonly string[], value: unknown, options: SetOwnPathOptions = {}): boolean {
  if (path.length === 0) throw new TypeError('setOwnPath needs a path of at least one key');
  let current = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = getOwn(current, key);
    if (next !== null && typeof next === 'object' && !Array.isArray(next)) {
      current = next;
      continue;
    }
    if (next !== undefined && options.existing === 'keep') return false;
    const created = {};
    setOwn(current, key, created);
    current = created;
  }
  setOwn(current, path[path.length - 1]!, value);
  return true;
}
