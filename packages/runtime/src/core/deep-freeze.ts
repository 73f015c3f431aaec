/**
 * Freezes a value and everything it holds (regular expressions are left as they are: freezing one
 * would break its `lastIndex`). For schemas and tables that are shared, so nobody can change them
 * for everybody else: the search language's published schema, the MCP package's output schemas.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof RegExp)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
