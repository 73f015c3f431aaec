/**
 * Fidelity of a connector to its vendor, checked from the connector's published metadata against
 * the vendor's own documents (the family suites `test/<family>/conformance-fidelity.test.ts`):
 *
 * (a) parameter rules: every rule a connector enforces before I/O (required, enum, bounds,
 *     lengths, item counts, pattern, format, conditional fields) must be one the vendor's schema
 *     states for that parameter, at least as loose as ours, or be listed in the family's table of
 *     sourced rules, each entry quoting the seed, the vendor facts reference or a vendor document.
 *     Quotes are checked against the documents, so an entry cannot cite what is not written.
 * (b) record fields: every field of every record an action returns agrees with the vendor's
 *     response schema in type, presence and nullability; ours may only be looser. Disagreements
 *     not in the family's table of justified exceptions fail, and so do stale entries.
 *
 * Both tables fail when an entry no longer matches anything, so fixing a spec shrinks its table.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ActionMetadata, ConnectorMetadata, ParamRule } from '@switchyard/runtime';
import { VENDOR_SPECS_DIR } from './vendor-specs.js';

// ---- (a) parameter rules -------------------------------------------------------------------

export const RULE_NAMES = [
  'required',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'when',
  'totalItems',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** One rule of one parameter (nested members with `.`, array items with `[]`). */
export interface OurRule {
  /** `entity.action`, or `config` for the connector's config variables. */
  action: string;
  param: string;
  rule: RuleName;
  /** The rule's value; a pattern as its source text. */
  value: unknown;
  /** Where the top-level parameter travels (`config` for config variables). */
  location: string;
  /** The wire path: the top-level wire name (`as`) followed by the nested path. */
  wire: string;
  /** The metadata of the action (absent for config). */
  meta?: ActionMetadata;
}

/** What the vendor's schema says of one parameter, in JSON Schema terms. */
export interface VendorParam {
  required?: boolean;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const valueOf = (rule: ParamRule, name: RuleName): unknown => {
  const value = (rule as unknown as Record<string, unknown>)[name];
  if (name === 'required') return value === true ? true : undefined;
  return value instanceof RegExp ? value.source : value;
};

/**
 * Every rule the connector enforces on what it sends: all actions that reach the vendor (hosted
 * search does not) and the config variables. Parameters that only select what comes back
 * (`in: select`: GraphQL field names, the item of a two-step download) never reach the vendor and
 * are left out.
 */
export function paramRules(metadata: ConnectorMetadata): OurRule[] {
  const out: OurRule[] = [];
  const walk = (base: Omit<OurRule, 'param' | 'rule' | 'value' | 'wire'>, param: string, wire: string, rule: ParamRule) => {
    for (const name of RULE_NAMES) {
      const value = valueOf(rule, name);
      if (value !== undefined) out.push({ ...base, param, wire, rule: name, value });
    }
    if (rule.items) walk(base, `${param}[]`, `${wire}[]`, rule.items);
    for (const [child, inner] of Object.entries(rule.properties ?? {})) walk(base, `${param}.${child}`, `${wire}.${child}`, inner);
  };
  for (const actions of Object.values(metadata.actions)) {
    for (const meta of Object.values(actions)) {
      if (meta.hostedOnly) continue;
      for (const [name, rule] of Object.entries(meta.params)) {
        if (rule.in === 'select') continue;
        walk({ action: `${meta.entity}.${meta.action}`, location: rule.in ?? 'body', meta }, name, rule.as ?? name, rule);
      }
      // Parameters only one credential kind accepts (a whole rule under variants.<kind>.params).
      for (const [kind, variant] of Object.entries(meta.variants ?? {})) {
        for (const [name, rule] of Object.entries(variant.params ?? {})) {
          if (rule === false || !('type' in rule)) continue;
          walk({ action: `${meta.entity}.${meta.action} (${kind})`, location: rule.in ?? 'body', meta }, name, rule.as ?? name, rule);
        }
      }
    }
  }
  for (const [name, rule] of Object.entries(metadata.config)) walk({ action: 'config', location: 'config' }, name, name, rule);
  return out;
}

export function ruleKey(rule: OurRule): string {
  return `${rule.action} ${rule.param} ${rule.rule}=${JSON.stringify(rule.value)}`;
}

/**
 * Whether the vendor's schema states this rule, at least as strictly as we do (so ours refuses
 * nothing the vendor accepts). A path parameter's `required` and minLength 1 are backed by the URL
 * itself: without it, or empty, the request would address another endpoint (`/tickets/` for
 * `/tickets/{id}`).
 */
export function backedBy(rule: OurRule, vendor: VendorParam | undefined): boolean {
  // A path parameter is part of the URL: it is always needed, and never empty.
  if (rule.location === 'path' && rule.rule === 'required') return true;
  if (rule.location === 'path' && rule.rule === 'minLength' && rule.value === 1) return true;
  if (!vendor) return false;
  const ours = rule.value;
  switch (rule.rule) {
    case 'required':
      return vendor.required === true;
    case 'enum':
      return Array.isArray(vendor.enum) && vendor.enum.every((v) => (ours as unknown[]).includes(v));
    case 'minimum':
    case 'minLength':
    case 'minItems':
      return typeof vendor[rule.rule] === 'number' && (ours as number) <= vendor[rule.rule]!;
    case 'maximum':
    case 'maxLength':
    case 'maxItems':
      return typeof vendor[rule.rule] === 'number' && (ours as number) >= vendor[rule.rule]!;
    case 'pattern':
      return vendor.pattern === ours;
    case 'format':
      return vendor.format === ours;
    default:
      return false;
  }
}

/** A document that states a rule or a fact; the quote must appear in it (whitespace aside). */
export type Source =
  /** A seed document (../seeds/*.txt, the contract). */
  | { seed: string }
  /** The vendor facts reference (../reference/vendor-apis.md). */
  | { reference: string }
  /** A file under the vendor-specs folder (path relative to it). */
  | { vendor: string; quote: string };

/** A rule the vendor's machine-readable schema does not state, with the document that does. */
export interface SourcedRule {
  param: string;
  rule: RuleName;
  /** The actions it applies to; absent: every action with this parameter and rule. */
  actions?: readonly string[];
  source: Source;
  /** Why, when the quote alone does not say how the rule follows from it. */
  note?: string;
  /**
   * The words of the quote that state a bound not written as our number ("under 1,000" for a
   * maximum of 999); checked to be in the quote instead of the number.
   */
  states?: string;
}

/** The rules no vendor schema backs and no table entry covers, and the entries that cover nothing. */
export function unsourcedRules(
  rules: readonly OurRule[],
  vendorParam: (rule: OurRule) => VendorParam | undefined,
  table: readonly SourcedRule[],
): { unsourced: string[]; stale: string[]; covered: number } {
  const used = new Set<SourcedRule>();
  const unsourced: string[] = [];
  let covered = 0;
  for (const rule of rules) {
    if (backedBy(rule, vendorParam(rule))) continue;
    const entry = table.find(
      (e) => e.param === rule.param && e.rule === rule.rule && (e.actions === undefined || e.actions.includes(rule.action)),
    );
    if (entry) {
      used.add(entry);
      covered++;
    } else unsourced.push(ruleKey(rule));
  }
  const stale = table
    .filter((e) => !used.has(e))
    .map((e) => `${e.actions?.join(',') ?? '*'} ${e.param} ${e.rule}: no unbacked rule left for this entry (remove it)`);
  return { unsourced, stale, covered };
}

/**
 * Problems with the entries' sources: a quote not found in its document, or a bound whose number
 * the quote does not state (so the number cannot drift from the document).
 */
export function sourceProblems(rules: readonly OurRule[], table: readonly SourcedRule[]): string[] {
  const problems: string[] = [];
  for (const entry of table) {
    const label = `${entry.actions?.join(',') ?? '*'} ${entry.param} ${entry.rule}`;
    const quote = quoteOf(entry.source);
    const text = documentText(entry.source);
    if (text === undefined) {
      problems.push(`${label}: ${describeSource(entry.source)} is not there`);
      continue;
    }
    if (!normalize(text).includes(normalize(quote))) problems.push(`${label}: "${quote}" is not in ${describeSource(entry.source)}`);
    if (!['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'].includes(entry.rule)) continue;
    if (entry.states !== undefined) {
      if (!normalize(quote).includes(normalize(entry.states))) problems.push(`${label}: the quote does not say "${entry.states}"`);
      continue;
    }
    for (const rule of rules) {
      if (rule.param !== entry.param || rule.rule !== entry.rule) continue;
      if (entry.actions && !entry.actions.includes(rule.action)) continue;
      const n = rule.value as number;
      // "Not empty" is said in words (an error for an empty value), not as the number 1.
      if ((rule.rule === 'minLength' || rule.rule === 'minItems') && n === 1) continue;
      const spellings = [String(n), n.toLocaleString('en-US')];
      if (!spellings.some((s) => new RegExp(`(^|[^0-9,])${s.replace(/[.,]/g, '\\$&')}($|[^0-9,])`).test(quote)))
        problems.push(`${label}: the quote does not state ${n} (${rule.action})`);
    }
  }
  return [...new Set(problems)];
}

// ---- documents --------------------------------------------------------------------------------

/** The shared folder beside the vendor specs: seeds/ and reference/ live there too. */
export const SHARED_DIR = dirname(VENDOR_SPECS_DIR);

const documents = new Map<string, string | undefined>();
function read(path: string): string | undefined {
  if (!documents.has(path)) documents.set(path, existsSync(path) ? readFileSync(path, 'utf8') : undefined);
  return documents.get(path);
}

export function documentText(source: Source): string | undefined {
  if ('seed' in source) {
    const dir = join(SHARED_DIR, 'seeds');
    if (!existsSync(dir)) return undefined;
    return readdirSync(dir)
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .map((f) => read(join(dir, f)) ?? '')
      .join('\n');
  }
  if ('reference' in source) return read(join(SHARED_DIR, 'reference', 'vendor-apis.md'));
  return read(join(VENDOR_SPECS_DIR, source.vendor));
}

function quoteOf(source: Source): string {
  return 'seed' in source ? source.seed : 'reference' in source ? source.reference : source.quote;
}

function describeSource(source: Source): string {
  return 'seed' in source ? 'the seed documents' : 'reference' in source ? 'reference/vendor-apis.md' : `vendor-specs/${source.vendor}`;
}

/** Whitespace runs as one space, and the markup of quoted strings (`, \") ignored. */
function normalize(text: string): string {
  return text.replace(/\\"/g, '"').replace(/`/g, '').replace(/\s+/g, ' ');
}

// ---- (b) record fields ------------------------------------------------------------------------

/** A JSON type a schema admits: the JSON Schema names, `any` for an unconstrained value. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null' | 'any';

/** What a schema (ours or the vendor's) says of one value, resolved enough to compare. */
export interface Shape {
  /** Non-null types admitted (`any` for anything). */
  types: Set<JsonType>;
  nullable: boolean;
  /** Object members and which are required, when the schema describes them. */
  properties?: Record<string, Shape>;
  required?: Set<string>;
  items?: Shape;
}

/** A disagreement between one of our record fields and the vendor's schema. */
export type FieldProblemKind = 'type' | 'presence' | 'nullability' | 'undocumented';

export interface FieldProblem {
  /** `Record.field` (nested: `Record.field.member`, array items: `Record.field[]`). */
  at: string;
  kind: FieldProblemKind;
  detail: string;
  /** For `undocumented`: whether our record lets the field be absent. */
  optional?: boolean;
}

const accepts = (ours: Set<JsonType>, theirs: JsonType): boolean =>
  ours.has('any') || ours.has(theirs) || (theirs === 'integer' && ours.has('number'));

/**
 * Where our record (as a Shape built from recordSchemas) could refuse what the vendor's schema
 * allows: a field we require that the vendor may leave out, a field we type non-null that the vendor
 * marks nullable, a type the vendor may send that ours does not admit, a field the vendor's schema
 * does not describe at all. Nested records are compared member by member where both sides describe
 * members.
 */
export function compareShapes(at: string, ours: Shape, theirs: Shape | undefined): FieldProblem[] {
  if (!theirs) return [{ at, kind: 'undocumented', detail: 'not in the vendor schema' }];
  const problems: FieldProblem[] = [];
  for (const type of theirs.types) {
    if (!accepts(ours.types, type))
      problems.push({ at, kind: 'type', detail: `vendor ${[...theirs.types].join('|')}, ours ${[...ours.types].join('|')}` });
  }
  if (theirs.nullable && !ours.nullable && !ours.types.has('any'))
    problems.push({ at, kind: 'nullability', detail: 'vendor nullable, ours not' });
  if (ours.properties && theirs.properties) {
    for (const [name, shape] of Object.entries(ours.properties)) {
      const member = `${at}.${name}`;
      const vendorMember = theirs.properties[name];
      if (!vendorMember) {
        problems.push({ at: member, kind: 'undocumented', detail: 'not in the vendor schema', optional: !ours.required?.has(name) });
        continue;
      }
      if (ours.required?.has(name) && !theirs.required?.has(name))
        problems.push({ at: member, kind: 'presence', detail: 'required in ours, optional in the vendor schema' });
      problems.push(...compareShapes(member, shape, vendorMember));
    }
  }
  if (ours.items && theirs.items) problems.push(...compareShapes(`${at}[]`, ours.items, theirs.items));
  return problems;
}

type Json = Record<string, unknown>;

/** Our record schema (the package's `recordSchemas`) as a Shape, named records expanded. */
export function ourShape(node: unknown, definitions: Record<string, unknown>, seen: string[] = []): Shape {
  const schema = (node ?? {}) as Json;
  if (typeof schema['$ref'] === 'string') {
    const name = schema['$ref'].split('/').pop()!;
    if (seen.includes(name)) return { types: new Set(['object']), nullable: false };
    return ourShape(definitions[name], definitions, [...seen, name]);
  }
  if (Array.isArray(schema['anyOf'])) {
    const parts = (schema['anyOf'] as unknown[]).map((p) => ourShape(p, definitions, seen));
    const nonNull = parts.filter((p) => !(p.types.size === 0 && p.nullable));
    const merged: Shape = {
      types: new Set(nonNull.flatMap((p) => [...p.types])),
      nullable: parts.some((p) => p.nullable),
    };
    const structured = nonNull.find((p) => p.properties || p.items);
    return structured ? { ...structured, ...merged } : merged;
  }
  const type = schema['type'];
  if (type === 'null') return { types: new Set(), nullable: true };
  if (type === undefined) return { types: new Set(['any']), nullable: true };
  const shape: Shape = { types: new Set([type as JsonType]), nullable: false };
  if (type === 'object' && schema['properties']) {
    shape.properties = Object.fromEntries(
      Object.entries(schema['properties'] as Json).map(([k, v]) => [k, ourShape(v, definitions, seen)]),
    );
    shape.required = new Set((schema['required'] as string[] | undefined) ?? []);
  }
  if (type === 'array' && schema['items']) shape.items = ourShape(schema['items'], definitions, seen);
  return shape;
}

/** Record-level disagreements: our record `name` against the vendor's shape of the same object. */
export function recordProblems(name: string, recordSchemas: { definitions: Record<string, unknown> }, vendor: Shape): FieldProblem[] {
  const ours = ourShape({ $ref: `#/definitions/${name}` }, recordSchemas.definitions);
  return compareShapes(name, ours, vendor).filter((p) => p.at !== name);
}

/** A justified disagreement between record fields and the vendor's schema. */
export interface FieldException {
  /** `Record.field` as in FieldProblem.at, or several that share the reason. */
  at: string | readonly string[];
  kind: FieldProblemKind;
  /** Why ours differs and why that is right (the seed, real answers, the vendor's own examples). */
  why: string;
  source?: Source;
}

export function fieldProblemKey(problem: { at: string; kind: FieldProblemKind }): string {
  return `${problem.at} ${problem.kind}`;
}

const exceptionKeys = (entry: FieldException): string[] =>
  (typeof entry.at === 'string' ? [entry.at] : entry.at).map((at) => fieldProblemKey({ at, kind: entry.kind }));

/** Problems no exception covers, and exception fields that match no problem (stale). */
export function unexplained(problems: readonly FieldProblem[], table: readonly FieldException[]): { open: string[]; stale: string[] } {
  const keys = new Set(problems.map(fieldProblemKey));
  const listed = new Set(table.flatMap(exceptionKeys));
  const open = [...new Set(problems.filter((p) => !listed.has(fieldProblemKey(p))).map((p) => `${fieldProblemKey(p)}: ${p.detail}`))];
  const stale = [...listed].filter((key) => !keys.has(key)).map((key) => `${key}: no such disagreement (remove it)`);
  return { open: open.sort(), stale };
}

/** Sources of field exceptions that are not where they say. */
export function fieldSourceProblems(table: readonly FieldException[]): string[] {
  return table.flatMap((entry) => {
    if (!entry.source) return [];
    const label = exceptionKeys(entry)[0];
    const text = documentText(entry.source);
    const quote = quoteOf(entry.source);
    if (text === undefined) return [`${label}: ${describeSource(entry.source)} is not there`];
    return normalize(text).includes(normalize(quote)) ? [] : [`${label}: "${quote}" is not in ${describeSource(entry.source)}`];
  });
}

/**
 * The shape at a dot path (`message`, `data.issues.nodes`; `labels.nodes[].id` maps over an
 * array). The result is nullable when any step on the way is: a value read through a nullable
 * object (`assignee.id`) may be null.
 */
export function shapeAt(shape: Shape | undefined, path: string): Shape | undefined {
  if (!shape || path === '') return shape;
  const [head, ...rest] = path.split('.');
  const many = head!.endsWith('[]');
  const member = shape.properties?.[many ? head!.slice(0, -2) : head!];
  if (!member) return undefined;
  if (many) {
    const inner = shapeAt(member.items, rest.join('.'));
    return inner && { types: new Set<JsonType>(['array']), nullable: member.nullable, items: inner };
  }
  const inner = shapeAt(member, rest.join('.'));
  return inner && { ...inner, nullable: inner.nullable || (rest.length > 0 && member.nullable) };
}

// ---- seeds: the contract's record notation -----------------------------------------------------

/**
 * Fields a seed's record line marks always present (a type without `?`): `ts string (always
 * present); user, text string?` → ts. `recordLine` is the quoted start of the line, long enough to
 * name one line of the three documents, e.g. "posted message (entity messages, create and update
 * response). Fields:" or "users. Record: id integer;".
 */
const SEED_TYPE = '(?:array<[^>]*>|string|integer|number|boolean|object|array|any)';

/** One clause of a seed record line: `createdAt, updatedAt string`, `archivedAt string?`. */
interface SeedClause {
  names: string[];
  types: string[];
  nullable: boolean;
}

function seedClauses(recordLine: string): SeedClause[] | undefined {
  const text = documentText({ seed: recordLine });
  if (!text) return undefined;
  const line = text.split('\n').find((l) => l.startsWith(recordLine));
  if (!line) return undefined;
  // The fields follow "Record:" (or "Fields:"), or the quoted start; the line may go on with the
  // entity's searchable fields ("… Searchable: id, name string") or other sentences ("…; url
  // string?. List responses add …").
  const start = /\b(?:Record|Fields?):/.exec(line);
  const body = line
    .slice(start ? start.index + start[0].length : recordLine.length)
    .split(/\bSearchable:/)[0]!
    .split(/\.\s+(?=[A-Z])/)[0]!;
  const clauses: SeedClause[] = [];
  for (const clause of body.split(';')) {
    const m = new RegExp(`^\\s*([A-Za-z_][\\w, ]*?)\\s+(${SEED_TYPE}(?: \\| ${SEED_TYPE})*)(\\??)\\s*\\.?\\s*$`).exec(
      clause.replace(/\(.*?\)/g, ''),
    );
    if (!m) continue;
    const names = m[1]!
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    clauses.push({ names, types: m[2]!.split(' | '), nullable: m[3] === '?' });
  }
  return clauses;
}

/**
 * Fields a seed's record line marks always present (a type without `?`): `ts string (always
 * present); user, text string?` → ts. `recordLine` is the quoted start of the line, long enough to
 * name one line of the three documents, e.g. "posted message (entity messages, create and update
 * response). Fields:" or "users. Record: id integer;".
 */
export function seedAlwaysPresent(recordLine: string): string[] | undefined {
  return seedClauses(recordLine)
    ?.filter((c) => !c.nullable && !c.types.includes('any'))
    .flatMap((c) => c.names);
}

/**
 * A seed record line as a Shape (`T?` nullable and optional, `T` required, `object | any`
 * unconstrained): the contract's record, for a vendor without a published response schema.
 */
export function seedRecordShape(recordLine: string): Shape | undefined {
  const clauses = seedClauses(recordLine);
  if (!clauses) return undefined;
  const properties: Record<string, Shape> = {};
  const required = new Set<string>();
  for (const clause of clauses) {
    const any = clause.types.includes('any');
    const types = new Set<JsonType>(any ? ['any'] : clause.types.map((t) => (t.startsWith('array') ? 'array' : t) as JsonType));
    for (const name of clause.names) {
      properties[name] = { types, nullable: clause.nullable || any };
      if (!clause.nullable && !any) required.add(name);
    }
  }
  return { types: new Set(['object']), nullable: false, properties, required };
}

/**
 * The shape of one record an action returns, read from the shape of the whole body: the records
 * path (a list's items), then the fields the spec fills from the body around the record
 * (`response.fill`) or derives from inside it (`response.derive`).
 */
export function recordShapeOf(action: ActionMetadata, body: Shape): Shape | undefined {
  const found = shapeAt(body, action.response?.records ?? '');
  const record = action.returnsList ? found?.items : found;
  if (!record) return undefined;
  const properties = { ...record.properties };
  for (const [name, path] of Object.entries(action.response?.fill ?? {})) {
    const filled = shapeAt(body, path);
    // Filled only when the record lacks it: present when either side is.
    if (filled && !properties[name]) properties[name] = filled;
  }
  const required = new Set(record.required ?? []);
  for (const [name, path] of Object.entries(action.response?.fill ?? {}))
    if (!record.properties?.[name] && presentAt(body, path)) required.add(name);
  for (const [name, path] of Object.entries(action.response?.derive ?? {})) {
    const derived = shapeAt(record, path);
    if (derived && !properties[name]) {
      properties[name] = derived;
      if (presentAt(record, path)) required.add(name);
    }
  }
  return { ...record, properties, required };
}

/** Whether every step of a dot path is a member its object always carries (arrays stepped through). */
function presentAt(shape: Shape | undefined, path: string): boolean {
  if (!shape) return false;
  if (path === '') return true;
  const [head, ...rest] = path.split('.');
  const name = head!.endsWith('[]') ? head!.slice(0, -2) : head!;
  const member = shape.properties?.[name];
  if (!member || !shape.required?.has(name)) return false;
  return presentAt(head!.endsWith('[]') ? member.items : member, rest.join('.'));
}

/**
 * A shape inferred from example values (Greenhouse's documented examples, Slack's response
 * samples): the types seen, nullable when a null was seen, members present in every object
 * example required.
 */
export function inferShape(values: readonly unknown[]): Shape {
  const types = new Set<JsonType>();
  let nullable = false;
  const objects: Record<string, unknown>[] = [];
  const items: unknown[] = [];
  for (const value of values) {
    if (value === null) nullable = true;
    else if (Array.isArray(value)) {
      types.add('array');
      items.push(...value);
    } else if (typeof value === 'object') {
      types.add('object');
      objects.push(value as Record<string, unknown>);
    } else if (typeof value === 'number') types.add(Number.isInteger(value) ? 'integer' : 'number');
    else types.add(typeof value as JsonType);
  }
  if (types.has('number')) types.delete('integer');
  const shape: Shape = { types, nullable };
  if (objects.length > 0) {
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    shape.properties = Object.fromEntries(keys.map((k) => [k, inferShape(objects.filter((o) => k in o).map((o) => o[k]))]));
    shape.required = new Set(keys.filter((k) => objects.every((o) => k in o)));
  }
  if (items.length > 0) shape.items = inferShape(items);
  return shape;
}

/** `primary` with the members it lacks taken from `secondary` (a schema completed by real samples). */
export function withMembersFrom(primary: Shape, secondary: Shape | undefined): Shape {
  if (!secondary?.properties) return primary;
  const properties = { ...primary.properties };
  for (const [name, shape] of Object.entries(secondary.properties)) {
    const own = properties[name];
    properties[name] = own ? withMembersFrom(own, shape) : shape;
  }
  const items = primary.items && secondary.items ? withMembersFrom(primary.items, secondary.items) : primary.items;
  return { ...primary, properties, ...(items ? { items } : {}), required: primary.required ?? new Set() };
}
