/**
 * Run-time field selection for GraphQL actions: the caller names the fields it wants, and the
 * document sent holds exactly those in the action's selection fragment. The generator has already
 * split the spec's GraphQL into printable pieces (the operation, each selectable field's text, the
 * fragments each one needs), so nothing is parsed here: choosing fields is joining strings.
 *
 * The document is assembled the way the generator assembles every GraphQL document (operation,
 * then the fragments it needs sorted by name, blank lines between), so the default selection
 * produces the action's `document` byte for byte.
 */
import { ValidationError } from './errors.js';

/** One selectable field: its printed selection and the fragments it spreads (transitively). */
export interface SelectableField {
  readonly text: string;
  readonly fragments: readonly string[];
}

export interface GraphqlSelection {
  /** The parameter naming the fields (`fields`). */
  readonly param: string;
  /** The operation alone, without fragment definitions. */
  readonly operation: string;
  /** The fragment whose selection set the caller picks, and its type condition. */
  readonly fragment: string;
  readonly on: string;
  /** Selectable name (the field's alias or name) → its selection, in the fragment's order. */
  readonly fields: Readonly<Record<string, SelectableField>>;
  /** Names selected when the caller gives none. */
  readonly default: readonly string[];
  /** Fragments the operation needs whatever is selected. */
  readonly requires: readonly string[];
  /** Text of every other fragment the document may need, by name. */
  readonly fragments: Readonly<Record<string, string>>;
}

/**
 * The document for `requested` field names (undefined: the default selection). Names are checked
 * again here, not only by the parameter's enum rule, so a hand-written metadata object cannot send
 * a document GraphQL would refuse; the order and repetition of names do not change the document.
 */
export function selectionDocument(operationName: string, selection: GraphqlSelection, requested: unknown): string {
  const names = requested === undefined || requested === null ? selection.default : requested;
  const allowed = Object.keys(selection.fields);
  const chosen = new Set<string>();
  const unknown: string[] = [];
  if (!Array.isArray(names) || names.length === 0) {
    throw new ValidationError(operationName, [
      { path: selection.param, rule: 'minItems', message: `must name at least one field; allowed: ${allowed.join(', ')}` },
    ]);
  }
  for (const name of names) {
    if (typeof name === 'string' && Object.hasOwn(selection.fields, name)) chosen.add(name);
    else unknown.push(typeof name === 'string' ? JSON.stringify(name) : String(name));
  }
  if (unknown.length > 0) {
    throw new ValidationError(operationName, [
      {
        path: selection.param,
        rule: 'enum',
        message: `names unknown field${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`,
      },
    ]);
  }
  // The fragment's own order, so equal selections give equal documents (and equal cache keys at the vendor).
  const fields = allowed.filter((name) => chosen.has(name)).map((name) => selection.fields[name]!);
  const needed = new Set<string>([...selection.requires, selection.fragment]);
  for (const field of fields) for (const name of field.fragments) needed.add(name);
  const body = fields.map((field) => indent(field.text)).join('\n');
  const fragmentText = `fragment ${selection.fragment} on ${selection.on} {\n${body}\n}`;
  const definitions = [...needed].sort().map((name) => (name === selection.fragment ? fragmentText : selection.fragments[name]!));
  return [selection.operation, ...definitions].join('\n\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
