/**
 * Compiles an action's `select` rule (run-time field selection) into the pieces the runtime joins
 * at call time (packages/runtime/src/core/field-selection.ts): the operation alone, each
 * selectable field printed with the fragments it needs, and the fragments the operation needs
 * whatever is selected. Everything GraphQL-specific happens here, once, so the runtime never
 * parses a document. The semantic rules report the errors; the IR embeds the result.
 */
import type { GraphqlSelection, SelectableField } from '@switchyard/runtime';
import { Kind, print, visit, type ASTNode, type FragmentDefinitionNode } from 'graphql';
import type { GraphqlOperation } from './graphql.js';
import type { SpecAction, SpecData, SpecParam } from './spec-types.js';

export const DEFAULT_SELECT_PARAM = 'fields';

export interface CompiledSelection {
  selection: GraphqlSelection;
  /** The whole document for the default selection: what the action's metadata shows as its document. */
  document: string;
  /** Record type whose fields the names are. */
  record: string | null;
  /** The parameter the generator adds to the action. */
  param: SpecParam;
}

/** Why a `select` rule cannot be used; `at` is the key under `select` to point at. */
export class SelectionProblem extends Error {
  constructor(
    message: string,
    readonly at: 'fragment' | 'param' | 'default' | 'record',
    readonly hint: string,
  ) {
    super(message);
  }
}

/**
 * `actionRecord` is the action's record type (its `returns`, else its entity's record); `parsed`
 * is the action's GraphQL as parseSpecGraphql parsed it (nothing is parsed again here). Throws
 * SelectionProblem for the first thing that is wrong.
 */
export function compileSelection(
  data: SpecData,
  action: SpecAction,
  actionRecord: string | null,
  parsed: GraphqlOperation,
): CompiledSelection {
  const select = action.select!;
  const operation = action.request?.graphql?.trim();
  if (!operation) {
    throw new SelectionProblem('select needs a GraphQL action', 'fragment', 'declare request.graphql, or remove select');
  }
  const fragments = data.graphql?.fragments ?? {};
  const param = select.param ?? DEFAULT_SELECT_PARAM;
  if (action.params && Object.hasOwn(action.params, param)) {
    throw new SelectionProblem(
      `select adds the parameter ${param}, which the action already declares`,
      'param',
      `remove params.${param} (the generator declares it) or choose another select.param`,
    );
  }
  const text = fragments[select.fragment];
  if (text === undefined) {
    throw new SelectionProblem(
      `select.fragment ${select.fragment} is not declared under graphql.fragments`,
      'fragment',
      'declare the fragment whose fields callers choose',
    );
  }
  const definition = parsed.fragmentNodes.get(select.fragment);
  if (!definition) throw new SelectionProblem(`fragment ${select.fragment} does not parse`, 'fragment', 'fix the fragment text');
  const spreadByOperation = spreadsOf(parsed.ast);
  if (!spreadByOperation.includes(select.fragment)) {
    throw new SelectionProblem(
      `the operation does not spread ...${select.fragment}`,
      'fragment',
      `spread ...${select.fragment} where the selected record is`,
    );
  }

  const fields: Record<string, SelectableField> = {};
  for (const node of definition.selectionSet.selections) {
    if (node.kind !== Kind.FIELD) {
      throw new SelectionProblem(
        `fragment ${select.fragment} has ${node.kind === Kind.INLINE_FRAGMENT ? 'an inline fragment' : 'a fragment spread'} at its top level; only fields can be selected by name`,
        'fragment',
        'move it inside a field, or list its fields directly',
      );
    }
    const name = node.alias?.value ?? node.name.value;
    if (Object.hasOwn(fields, name)) {
      throw new SelectionProblem(`fragment ${select.fragment} selects ${name} twice`, 'fragment', 'alias one of them');
    }
    fields[name] = { text: print(node), fragments: closure(spreadsOf(node), parsed.fragmentNodes, select.fragment) };
  }

  const names = Object.keys(fields);
  const defaults = select.default ?? names;
  const unknown = defaults.filter((name) => !Object.hasOwn(fields, name));
  if (unknown.length > 0) {
    throw new SelectionProblem(
      `select.default names ${unknown.join(', ')}, not fields of fragment ${select.fragment}`,
      'default',
      `choose among ${names.join(', ')}`,
    );
  }
  if (new Set(defaults).size !== defaults.length) {
    throw new SelectionProblem('select.default names a field twice', 'default', 'list each field once');
  }

  const record = select.record ?? actionRecord;
  const recordFields = record ? data.records?.[record]?.fields : undefined;
  if (record && !recordFields) {
    throw new SelectionProblem(`select.record ${record} is not declared under records`, 'record', `declare ${record} under records`);
  }
  if (recordFields) {
    const missing = names.filter((name) => !Object.hasOwn(recordFields, name));
    if (missing.length > 0) {
      throw new SelectionProblem(
        `fragment ${select.fragment} selects ${missing.join(', ')}, which record ${record} does not declare`,
        'record',
        `declare ${missing.join(', ')} in records.${record}.fields so the generated types cover every selectable field`,
      );
    }
  }

  const requires = closure(
    spreadByOperation.filter((name) => name !== select.fragment),
    parsed.fragmentNodes,
    select.fragment,
  );
  const others = new Set([...requires, ...Object.values(fields).flatMap((f) => f.fragments)]);
  const selection: GraphqlSelection = {
    param,
    operation,
    fragment: select.fragment,
    on: definition.typeCondition.name.value,
    fields,
    default: names.filter((name) => defaults.includes(name)),
    requires,
    fragments: Object.fromEntries([...others].sort().map((name) => [name, fragments[name]!.trim()])),
  };
  return {
    selection,
    document: defaultDocument(selection),
    record,
    param: {
      type: 'array',
      items: { type: 'string', enum: names },
      minItems: 1,
      in: 'select',
      description: `Fields to select, any of the listed names (default: ${selection.default.join(', ')}). Unknown names are refused before any request.`,
    },
  };
}

/** What is wrong with an action's `select` rule, or null. */
export function selectionProblem(
  data: SpecData,
  action: SpecAction,
  actionRecord: string | null,
  parsed: GraphqlOperation,
): SelectionProblem | null {
  try {
    compileSelection(data, action, actionRecord, parsed);
    return null;
  } catch (error) {
    if (error instanceof SelectionProblem) return error;
    // A fragment that does not parse (reported on its own by SY108 when an operation spreads it).
    return new SelectionProblem(error instanceof Error ? error.message : String(error), 'fragment', 'fix the fragment text');
  }
}

/** The same joining rule as the runtime's selectionDocument, for the default names. */
function defaultDocument(selection: GraphqlSelection): string {
  const needed = new Set([...selection.requires, selection.fragment]);
  for (const name of selection.default) for (const f of selection.fields[name]!.fragments) needed.add(f);
  const body = selection.default
    .map((name) =>
      selection.fields[name]!.text.split('\n')
        .map((line) => `  ${line}`)
        .join('\n'),
    )
    .join('\n');
  return [
    selection.operation,
    ...[...needed]
      .sort()
      .map((name) =>
        name === selection.fragment ? `fragment ${selection.fragment} on ${selection.on} {\n${body}\n}` : selection.fragments[name]!,
      ),
  ].join('\n\n');
}

/** The fragments `names` spread, transitively; the selection fragment itself must not be reached. */
function closure(names: string[], fragments: ReadonlyMap<string, FragmentDefinitionNode>, selectionFragment: string): string[] {
  const out = new Set<string>();
  const visitName = (name: string) => {
    if (out.has(name)) return;
    if (name === selectionFragment) {
      throw new SelectionProblem(
        `fragment ${selectionFragment} is also spread inside another fragment or field of the document`,
        'fragment',
        'spread the selection fragment only from the operation',
      );
    }
    const node = fragments.get(name);
    // Undeclared fragments are reported by the GraphQL rule (SY108); nothing to add here.
    if (node === undefined) return;
    out.add(name);
    for (const inner of spreadsOf(node)) visitName(inner);
  };
  for (const name of names) visitName(name);
  return [...out].sort();
}

function spreadsOf(ast: ASTNode): string[] {
  const names = new Set<string>();
  visit(ast, {
    FragmentSpread(node) {
      names.add(node.name.value);
    },
  });
  return [...names];
}
