/**
 * Linear's published complexity rule, applied to the operation being executed: each scalar
 * property 0.1 point, each object 1 point, and a connection multiplies its nodes' cost by its
 * `first`/`last` (default 50); the total is rounded up. Linear rejects a single query above
 * 10,000 points, which is what catches connectors that nest wide connections.
 */
import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { DEFAULT_PAGE_SIZE } from './paging.js';

export function complexityOf(document: DocumentNode, operationName: string | undefined | null, variables: Record<string, unknown>): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION && (!operationName || def.name?.value === operationName)) operation ??= def;
  }
  if (!operation) return 0;
  const valueOf = (node: ValueNode | undefined): unknown => {
    if (!node) return undefined;
    if (node.kind === Kind.VARIABLE) return variables[node.name.value];
    if (node.kind === Kind.INT) return Number(node.value);
    return undefined;
  };

  const cost = (set: SelectionSetNode, seen: Set<string>): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) total += cost(sel.selectionSet, seen);
      else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const frag = fragments.get(sel.name.value);
        if (frag && !seen.has(frag.name.value)) total += cost(frag.selectionSet, new Set([...seen, frag.name.value]));
      } else if (!sel.selectionSet) {
        if (sel.name.value !== '__typename') total += 0.1;
      } else {
        const args = new Map(sel.arguments?.map((a) => [a.name.value, a.value]));
        const children = sel.selectionSet.selections;
        const isConnection =
          args.has('first') ||
          args.has('last') ||
          children.some((c) => c.kind === Kind.FIELD && (c.name.value === 'nodes' || c.name.value === 'edges'));
        if (!isConnection) {
          total += 1 + cost(sel.selectionSet, seen);
          continue;
        }
        const size = Number(valueOf(args.get('first')) ?? valueOf(args.get('last')) ?? DEFAULT_PAGE_SIZE);
        let own = 1;
        for (const child of children) {
          if (child.kind === Kind.FIELD && (child.name.value === 'nodes' || child.name.value === 'edges') && child.selectionSet) {
            // Each node (or edge) is an object: 1 point plus its own selection, times the page size.
            own += size * (1 + cost(child.selectionSet, seen));
          } else {
            own += cost({ kind: Kind.SELECTION_SET, selections: [child] }, seen);
          }
        }
        total += own;
      }
    }
    return total;
  };
  return Math.ceil(cost(operation.selectionSet, new Set()));
}
