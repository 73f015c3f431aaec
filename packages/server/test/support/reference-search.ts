/**
 * An in-memory evaluator of the filter language, written from the README's semantics and
 * independent of the SQL compiler: the property test checks that both agree. It supports the
 * value shapes the generators produce (ASCII text, typed fields).
 */
type Json = unknown;
type Types = Readonly<Record<string, string>>;

export function matches(filter: Record<string, unknown>, doc: Json, types: Types | null): boolean {
  return Object.entries(filter).every(([op, operand]) => {
    if (op === 'and') return (operand as Record<string, unknown>[]).every((f) => matches(f, doc, types));
    if (op === 'or') return (operand as Record<string, unknown>[]).some((f) => matches(f, doc, types));
    if (op === 'not') return !matches(operand as Record<string, unknown>, doc, types);
    return Object.entries(operand as Record<string, unknown>).every(([name, value]) => leaf(op, name, value, doc, types));
  });
}

function leaf(op: string, name: string, value: unknown, doc: Json, types: Types | null): boolean {
  const path = name.split('.');
  const declared = types && path.length === 1 ? types[name] : 'unknown';
  const actual = valueAt(doc, path);
  switch (op) {
    case 'eq':
      return equals(actual, value);
    case 'neq':
      return !equals(actual, value);
    case 'in':
      return (value as unknown[]).some((v) => equals(actual, v));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      let c: number;
      if (typeof value === 'number') {
        if (typeof actual !== 'number') return false;
        c = actual < value ? -1 : actual > value ? 1 : 0;
      } else {
        if (typeof actual !== 'string') return false;
        c = Buffer.compare(Buffer.from(actual), Buffer.from(value as string));
      }
      return op === 'gt' ? c > 0 : op === 'gte' ? c >= 0 : op === 'lt' ? c < 0 : c <= 0;
    }
    case 'like': {
      const text = textOf(actual, declared);
      if (text === null) return false;
      // ILIKE: lower() of both sides, % is the only wildcard.
      const regex = new RegExp(`^${(value as string).toLowerCase().split('%').map(escapeRegex).join('.*')}$`, 's');
      return regex.test(text.toLowerCase());
    }
    case 'fuzzy': {
      const text = textOf(actual, declared);
      return text !== null && similarity(text, value as string) >= 0.3;
    }
    case 'keyword': {
      const words = new Set(declared === 'string' ? wordsOf(textOf(actual, declared) ?? '') : stringValues(actual).flatMap(wordsOf));
      return wordsOf(value as string).some((w) => words.has(w));
    }
    case 'contains':
      return Array.isArray(actual) && actual.some((element) => jsonContains(element, value));
    case 'any':
      return Array.isArray(actual) && actual.some((element) => matches(value as Record<string, unknown>, element, null));
    default:
      throw new Error(`reference: unknown operator ${op}`);
  }
}

export function valueAt(doc: Json, path: readonly string[]): unknown {
  let current = doc;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function equals(actual: unknown, value: unknown): boolean {
  if (value === null) return actual === undefined || actual === null;
  return deepEqual(actual, value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as never)[k], (b as never)[k]));
  }
  return a === b;
}

/** jsonb containment (`@>`) below the top level: same types, objects by subset, arrays by "each b in some a". */
function jsonContains(a: unknown, b: unknown): boolean {
  if (Array.isArray(b)) return Array.isArray(a) && b.every((y) => a.some((x) => jsonContains(x, y)));
  if (b !== null && typeof b === 'object') {
    if (a === null || typeof a !== 'object' || Array.isArray(a)) return false;
    return Object.entries(b).every(([k, v]) => Object.hasOwn(a, k) && jsonContains((a as never)[k], v));
  }
  return a === b;
}

/** Declared string fields use the value's text; below objects only strings count. */
function textOf(value: unknown, declared: string | undefined): string | null {
  if (typeof value === 'string') return value;
  if (declared === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  return null;
}

function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

/** The 'simple' text search configuration on ASCII words: lower-cased alphanumeric runs. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** pg_trgm: words are alphanumeric runs, lower-cased, padded "  w ", cut into distinct trigrams. */
function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  // pg_trgm computes in single precision.
  return Math.fround(shared / (ta.size + tb.size - shared));
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** ORDER BY with PostgreSQL's default null placement: missing is larger than any value. */
export function compareBy(sort: readonly Record<string, 'asc' | 'desc'>[], types: Types) {
  const keys = sort.map((s) => Object.entries(s)[0]!);
  const lastDirection = keys.length > 0 ? keys[keys.length - 1]![1] : 'asc';
  return (a: { id: string; data: Record<string, unknown> }, b: { id: string; data: Record<string, unknown> }): number => {
    for (const [field, direction] of keys) {
      const c = compareKey(keyOf(a.data[field], types[field]!), keyOf(b.data[field], types[field]!));
      if (c !== 0) return direction === 'asc' ? c : -c;
    }
    const c = Buffer.compare(Buffer.from(a.id), Buffer.from(b.id));
    return lastDirection === 'asc' ? c : -c;
  };
}

function keyOf(value: unknown, type: string): unknown {
  if (value === undefined || value === null) return null;
  return type === 'string' ? String(value) : value;
}

function compareKey(a: unknown, b: unknown): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}
