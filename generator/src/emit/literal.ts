/**
 * Code printed as is inside a literal: a reference to a constant declared once in the same file,
 * or with `extra` keys, a copy of it with those keys added (`{ ...filterRule, required: true }`).
 */
export class Reference {
  constructor(
    readonly name: string,
    readonly extra?: Record<string, unknown>,
  ) {}
}

/** Prints a value as TypeScript literal text: identifiers unquoted where legal, RegExp as literals. */
export function toLiteral(value: unknown): string {
  if (value instanceof Reference) {
    const extra = Object.entries(value.extra ?? {}).filter(([, v]) => v !== undefined);
    return extra.length ? `{ ...${value.name}, ${extra.map(([k, v]) => `${propertyKey(k)}: ${toLiteral(v)}`).join(', ')} }` : value.name;
  }
  if (value instanceof RegExp) return value.toString();
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(', ')}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${toLiteral(v)}`).join(', ')} }`;
}

export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}
