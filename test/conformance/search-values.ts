/**
 * Search parameters for the search contract test (search-contract.test.ts), drawn for one entity
 * from its real searchable fields: well-formed and broken ones, at and around every bound the
 * published schema states (limit, fields, sort keys, text lengths, list lengths, cursor shape), with
 * unknown operators, malformed field names and operands of the wrong shape.
 *
 * They stay inside what JSON Schema can state: field names the entity has, values of the field's
 * declared type where the language allows them (the service alone knows fields and types), sort
 * keys each named once, filters nested a few levels. The rest is checked by name in the test.
 */
import fc from 'fast-check';
import { SEARCH_LIMITS } from '@switchyard/runtime/internal';
import { withOwnKey } from './param-values.js';

type DeclaredType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';
/** Below an object field, and inside `any`, the type is only known from the data. */
type FieldType = DeclaredType | 'unknown';

export interface EntityFields {
  readonly entity: string;
  readonly fields: Readonly<Record<string, DeclaredType>>;
}

interface Field {
  readonly name: string;
  readonly type: FieldType;
}

const L = SEARCH_LIMITS;

/** Names the language refuses wherever a field is named (syntax, not existence). */
export const MALFORMED_NAMES = [
  '',
  'a b',
  '-lead',
  'a..b',
  '.a',
  'a.',
  "name'--",
  'name->>0',
  'x'.repeat(L.maxSegmentLength + 1),
  Array.from({ length: L.maxPathSegments + 1 }, (_, i) => `s${i}`).join('.'),
  'é',
] as const;

const UNKNOWN_OPERATORS = ['regex', 'EQ', '$eq', '', '__proto__', 'constructor', 'exists'] as const;

/** Text `length` code points long: ASCII, or emoji (two UTF-16 units each). */
const textOf = (length: number, emoji: boolean) => (emoji ? '😀' : 'a').repeat(length);

/**
 * The fields a condition may name: declared ones, and undeclared paths below object fields (typed
 * unknown). A path below an object that is itself declared (crm's `properties.email`) has its
 * declared type, so it is drawn as declared, never as unknown.
 */
function fieldsOf(entity: EntityFields): Field[] {
  const declared = Object.entries(entity.fields).map(([name, type]) => ({ name, type }));
  const nested = declared
    .filter((f) => f.type === 'object' || f.type === 'any')
    .flatMap((f) => [`${f.name}.email`, `${f.name}.a-b.c_d`])
    .filter((name) => !Object.hasOwn(entity.fields, name))
    .map((name) => ({ name, type: 'unknown' as const }));
  return [...declared, ...nested];
}

const smallJson = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

/** A value of the field's declared type (null counts for eq, neq and in). */
function typed(type: FieldType): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return fc.string({ maxLength: 8, unit: 'grapheme' });
    case 'integer':
      return fc.integer();
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'object':
      return fc.dictionary(fc.string({ maxLength: 4 }), smallJson, { maxKeys: 3 });
    case 'array':
      return fc.array(smallJson, { maxLength: 3 });
    default:
      return smallJson;
  }
}

const RANGE_TYPES: readonly FieldType[] = ['string', 'integer', 'number', 'unknown', 'any'];
const TEXT_TYPES: readonly FieldType[] = ['string', 'unknown', 'any'];
const KEYWORD_TYPES: readonly FieldType[] = [...TEXT_TYPES, 'object', 'array'];
const ARRAY_TYPES: readonly FieldType[] = ['array', 'unknown', 'any'];

/** Values the language refuses for a range, text or list operand, whatever the field. */
const notAString = fc.constantFrom<unknown>(null, 3, true, [], {});

function rangeValue(type: FieldType): fc.Arbitrary<unknown> {
  const fitting =
    type === 'string'
      ? fc.string({ maxLength: 6 })
      : type === 'integer' || type === 'number'
        ? typed(type)
        : fc.oneof(fc.integer(), fc.string());
  return fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: fc.constantFrom<unknown>(null, true, [], {}, [1]), weight: 1 });
}

const text = (words: boolean) =>
  fc.oneof(
    { arbitrary: words ? fc.constantFrom('ada', 'hopper grace', 'Zoë', '42', 'x%') : fc.string({ maxLength: 8 }), weight: 4 },
    { arbitrary: fc.constantFrom('', '!!!', '   ', '%', '_-'), weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(L.maxTextLength - 1, L.maxTextLength, L.maxTextLength + 1), fc.boolean())
        .map(([n, emoji]) => textOf(n, emoji)),
      weight: 2,
    },
    { arbitrary: notAString, weight: 1 },
  );

function listValue(type: FieldType): fc.Arbitrary<unknown> {
  const item = fc.oneof(typed(type), fc.constant(null));
  return fc.oneof(
    { arbitrary: fc.array(item, { maxLength: 3 }), weight: 4 },
    {
      arbitrary: fc.tuple(item, fc.constantFrom(L.maxListLength, L.maxListLength + 1)).map(([v, n]) => Array.from({ length: n }, () => v)),
      weight: 1,
    },
    { arbitrary: fc.constantFrom<unknown>('x', 3, {}, null), weight: 1 },
  );
}

/** `{op: {field: value, …}}` operands over fields the operator applies to; undefined when none do. */
function operand(op: string, fields: Field[], filter: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> | undefined {
  const pick = (types: readonly FieldType[] | null, value: (f: Field) => fc.Arbitrary<unknown>) => {
    const eligible = types ? fields.filter((f) => types.includes(f.type)) : fields;
    if (eligible.length === 0) return undefined;
    const condition = fc.constantFrom(...eligible).chain((f) => value(f).map((v) => [f.name, v] as const));
    return fc
      .uniqueArray(condition, { minLength: 1, maxLength: 2, selector: ([name]) => name })
      .map((entries) => Object.fromEntries(entries));
  };
  switch (op) {
    case 'eq':
    case 'neq':
      return pick(null, (f) => fc.oneof(typed(f.type), fc.constant(null)));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return pick(RANGE_TYPES, (f) => rangeValue(f.type));
    case 'in':
      return pick(null, (f) => listValue(f.type));
    case 'like':
      return pick(TEXT_TYPES, () => text(false));
    case 'fuzzy':
      return pick(TEXT_TYPES, () => text(true));
    case 'keyword':
      return pick(KEYWORD_TYPES, () => text(true));
    case 'contains':
      return pick(ARRAY_TYPES, () => smallJson);
    case 'any':
      return pick(ARRAY_TYPES, () => fc.oneof({ arbitrary: filter, weight: 4 }, { arbitrary: notAString, weight: 1 }));
    default:
      return undefined;
  }
}

const FIELD_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'fuzzy', 'keyword', 'contains', 'any'];

/** A filter object over `fields`, nested at most `depth` more levels. */
function filterOver(fields: Field[], depth: number): fc.Arbitrary<unknown> {
  // Inside `any` paths are relative to an element: any well-formed name, of unknown type.
  const elementFields: Field[] = [
    { name: 'state', type: 'unknown' },
    { name: 'zip', type: 'unknown' },
    { name: 'address.city', type: 'unknown' },
  ];
  const nested = depth > 0 ? filterOver(fields, depth - 1) : fc.constant({});
  const nestedInAny = depth > 0 ? filterOver(elementFields, depth - 1) : fc.constant({});
  const entries: fc.Arbitrary<readonly [string, unknown]>[] = [];
  for (const op of FIELD_OPERATORS) {
    const arb = operand(op, fields, nestedInAny);
    if (arb) entries.push(arb.map((value) => [op, value] as const));
  }
  entries.push(
    fc.tuple(fc.constantFrom('and', 'or'), fc.oneof(fc.array(nested, { maxLength: 2 }), fc.constantFrom<unknown>({}, 'x'))),
    fc.oneof(nested, fc.constantFrom<unknown>([], 'x', null)).map((value) => ['not', value] as const),
    // Malformed: unknown operators, empty or non-object operands, malformed field names.
    fc.tuple(fc.constantFrom(...UNKNOWN_OPERATORS), smallJson),
    fc.tuple(fc.constantFrom(...FIELD_OPERATORS), fc.constantFrom<unknown>({}, [], 'x', null)),
    fc.tuple(
      fc.constantFrom('eq', 'like', 'in'),
      fc.constantFrom(...MALFORMED_NAMES).map((name) => ({ [name]: 'x' })),
    ),
  );
  return fc
    .uniqueArray(fc.oneof(...entries), { maxLength: 3, selector: ([op]) => op })
    .map((list) => list.reduce<Record<string, unknown>>((out, [op, value]) => withOwnKey(out, op, value), {}));
}

/** `query.sort`: declared scalar fields, each at most once, at and around the key limit. */
function sortOf(entity: EntityFields): fc.Arbitrary<unknown> {
  const sortable = Object.entries(entity.fields)
    .filter(([, type]) => ['string', 'integer', 'number', 'boolean'].includes(type))
    .map(([name]) => name);
  const direction = fc.oneof(
    { arbitrary: fc.constantFrom('asc', 'desc'), weight: 6 },
    { arbitrary: fc.constantFrom<unknown>('up', 'ASC', 1, null), weight: 1 },
  );
  const keys = sortable.length
    ? fc
        .shuffledSubarray(sortable, { minLength: 0, maxLength: Math.min(sortable.length, L.maxSortKeys + 1) })
        .chain((names) => fc.tuple(...names.map((name) => direction.map((d) => ({ [name]: d })))))
    : fc.constant([]);
  return fc.oneof(
    { arbitrary: keys, weight: 6 },
    // More keys than allowed: refused for the count whatever they name.
    { arbitrary: fc.constant(Array.from({ length: L.maxSortKeys + 1 }, () => ({ [sortable[0] ?? 'id']: 'asc' }))), weight: 1 },
    {
      arbitrary: fc.constantFrom<unknown>([{}], [{ a: 'asc', b: 'desc' }], ['name'], [[]], 'name', {}, [{ [MALFORMED_NAMES[1]]: 'asc' }]),
      weight: 1,
    },
  );
}

/** `fields`: real paths (dot form and segment arrays), at and around the count limit, and broken items. */
function projectionOf(fields: Field[]): fc.Arbitrary<unknown> {
  const names = fields.map((f) => f.name);
  const path = fc.oneof(
    fc.constantFrom(...names),
    fc.constantFrom(...names).map((name) => name.split('.')),
  );
  const broken = fc.constantFrom<unknown>(
    ...MALFORMED_NAMES,
    5,
    null,
    [],
    ['a.b'],
    [1],
    Array.from({ length: L.maxPathSegments + 1 }, () => 'a'),
  );
  return fc.oneof(
    { arbitrary: fc.array(path, { minLength: 1, maxLength: 3 }), weight: 5 },
    { arbitrary: fc.constantFrom(L.maxFields, L.maxFields + 1).chain((n) => fc.array(path, { minLength: n, maxLength: n })), weight: 1 },
    { arbitrary: fc.tuple(fc.array(path, { maxLength: 2 }), broken).map(([ok, bad]) => [...ok, bad]), weight: 2 },
    { arbitrary: fc.constantFrom<unknown>([], 'name', {}, 3), weight: 1 },
  );
}

const limits = fc.constantFrom<unknown>(0, 1, 2, L.maxLimit - 1, L.maxLimit, L.maxLimit + 1, -1, 1.5, '10', 2 ** 53, true);
const cursors = fc.constantFrom<unknown>(
  '',
  'abc.DEF-_',
  'abc',
  'a.b.c',
  'a b.c',
  `${'a'.repeat(L.maxCursorLength - 2)}.b`,
  `${'a'.repeat(L.maxCursorLength - 1)}.b`,
  42,
  {},
);

/** Optional members: absent (most often), null ("not given"), or drawn from `value`. */
const optional = (value: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: value, weight: 3 });

/** Whole search parameters for `entity`. */
export function searchParamsFor(entity: EntityFields): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(entity);
  const query = fc.oneof(
    {
      arbitrary: fc.record({ filter: optional(filterOver(fields, 2)), sort: optional(sortOf(entity)) }).map(definedOnly),
      weight: 12,
    },
    { arbitrary: fc.constantFrom<unknown>(undefined, null, [], 'x', { filter: {}, page: 2 }), weight: 1 },
  );
  return fc
    .tuple(
      fc.record({ query, limit: optional(limits), cursor: optional(cursors), fields: optional(projectionOf(fields)) }),
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 9 },
        { arbitrary: fc.constantFrom('page', '__proto__', 'constructor', 'Query'), weight: 1 },
      ),
    )
    .map(([params, extra]) => {
      const out = definedOnly(params);
      return extra === null ? out : withOwnKey(out, extra, 1);
    });
}

function definedOnly(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}
