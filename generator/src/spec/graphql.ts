/**
 * Parses a spec's GraphQL once: every shared fragment, then every action's operation with the
 * fragments it spreads (transitively) appended. The semantic rules and the IR both read this result,
 * so no document is parsed twice and both agree on what each operation declares.
 */
import { Kind, parse, visit, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import type { SpecData } from './spec-types.js';

export interface GraphqlOperation {
  /** The operation followed by the fragments it needs, sorted by name: what is sent as `query`. */
  document: string;
  operationName: string;
  operationType: 'query' | 'mutation';
  variables: { name: string; required: boolean }[];
  /** The operation as parsed, and every declared fragment that parses: reused so nothing is parsed twice. */
  ast: DocumentNode;
  fragmentNodes: ReadonlyMap<string, FragmentDefinitionNode>;
}

/** `entity.action` → the parsed operation, or why it cannot be used. Only actions with request.graphql appear. */
export type ParsedGraphql = ReadonlyMap<string, GraphqlOperation | Error>;

interface Fragment {
  text: string;
  node?: FragmentDefinitionNode;
  /** Fragments this one spreads, or the reason its text cannot be used. */
  spreads: string[] | Error;
}

export function parseSpecGraphql(data: SpecData): ParsedGraphql {
  const fragments = new Map(Object.entries(data.graphql?.fragments ?? {}).map(([name, text]) => [name, parseFragment(name, text)]));
  const parsed = new Map<string, GraphqlOperation | Error>();
  for (const [entityName, entity] of Object.entries(data.entities)) {
    for (const [actionName, action] of Object.entries(entity.actions)) {
      const operation = action.request?.graphql;
      if (operation === undefined) continue;
      parsed.set(
        `${entityName}.${actionName}`,
        attempt(() => completeOperation(operation, fragments)),
      );
    }
  }
  return parsed;
}

function parseFragment(name: string, text: string): Fragment {
  let node: FragmentDefinitionNode | undefined;
  const spreads = attempt(() => {
    const ast = parse(text);
    const [definition, ...rest] = ast.definitions;
    if (definition?.kind !== Kind.FRAGMENT_DEFINITION || rest.length > 0 || definition.name.value !== name) {
      throw new Error(`graphql.fragments.${name} must hold exactly one definition: fragment ${name} on <Type> { … }`);
    }
    node = definition;
    return spreadsOf(ast);
  });
  return { text, spreads, ...(node ? { node } : {}) };
}

function completeOperation(text: string, fragments: ReadonlyMap<string, Fragment>): GraphqlOperation {
  const ast = parse(text);
  const op = ast.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!op) throw new Error('the document has no operation');
  if (!op.name) throw new Error('the operation needs a name (query ListIssues(...) { … })');
  if (op.operation === 'subscription') throw new Error('subscriptions are not supported');
  const needed = new Set<string>();
  const include = (names: string[]) => {
    for (const name of names) {
      if (needed.has(name)) continue;
      const fragment = fragments.get(name);
      if (!fragment) throw new Error(`fragment ${name} is spread but not declared under graphql.fragments`);
      if (fragment.spreads instanceof Error) throw fragment.spreads;
      needed.add(name);
      include(fragment.spreads);
    }
  };
  include(spreadsOf(ast));
  return {
    document: [text.trim(), ...[...needed].sort().map((name) => fragments.get(name)!.text.trim())].join('\n\n'),
    operationName: op.name.value,
    operationType: op.operation,
    variables: (op.variableDefinitions ?? []).map((v) => ({ name: v.variable.name.value, required: v.type.kind === Kind.NON_NULL_TYPE })),
    ast,
    fragmentNodes: new Map([...fragments].flatMap(([name, f]) => (f.node ? [[name, f.node] as const] : []))),
  };
}

function spreadsOf(ast: DocumentNode): string[] {
  const names = new Set<string>();
  visit(ast, {
    FragmentSpread(node) {
      names.add(node.name.value);
    },
  });
  return [...names];
}

function attempt<T>(run: () => T): T | Error {
  try {
    return run();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
