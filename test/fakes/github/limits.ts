/**
 * GitHub's static limits on a GraphQL query, computed the way GitHub documents them
 * ("Rate limits and node limits for the GraphQL API"):
 *
 * - every connection needs `first` or `last`, 1–100 ("Clients must supply a first or last argument
 *   on any connection"; "Values of first and last must be within 1-100"), even one read only for
 *   `totalCount`: GitHub answers that today, against the letter of the rule, so the fake holds
 *   documents to the letter and no future enforcement can break what passes here;
 * - the total node count is the sum, over every connection, of its page size multiplied by the
 *   page sizes of all connections it is nested in; it must not exceed 500,000.
 *
 * Inline fragments and fragment spreads are all counted (GitHub cannot know which type a union
 * will hold), so the total is an upper bound. Used by the fake to refuse queries as GitHub does,
 * and by the conformance suite to check every document the connector can send.
 */
import {
  Kind,
  getNamedType,
  isInterfaceType,
  isObjectType,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const MAX_NODES = 500_000;
export const MAX_PAGE_SIZE = 100;
export const MIN_PAGE_SIZE = 1;

export interface ConnectionUse {
  /** Response path, dot-joined (`repository.issues.labels`). */
  path: string;
  /** `first` or `last` as sent; null when neither was given. */
  pageSize: number | null;
  /** Whether `nodes` or `edges` are read (only `totalCount` or `pageInfo` otherwise). */
  readsNodes: boolean;
}

export interface NodeLimitReport {
  totalNodes: number;
  connections: ConnectionUse[];
  /** Problems GitHub would answer with, worded like GitHub. */
  problems: { type: string; message: string }[];
}

export function checkNodeLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
): NodeLimitReport {
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d] as const),
  );
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === Kind.OPERATION_DEFINITION && (operationName === undefined || d.name?.value === operationName),
  );
  const report: NodeLimitReport = { totalNodes: 0, connections: [], problems: [] };
  if (!operation) return report;
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return report;

  const valueOf = (node: ValueNode | undefined): unknown => {
    if (!node) return undefined;
    if (node.kind === Kind.VARIABLE) return variables[node.name.value];
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.NULL) return null;
    return undefined;
  };

  const walk = (set: SelectionSetNode, type: GraphQLCompositeType, multiplier: number, path: string[], seen: Set<string>) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const inner = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType) : type;
        walk(selection.selectionSet, inner, multiplier, path, seen);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        const inner = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType;
        walk(fragment.selectionSet, inner, multiplier, path, new Set([...seen, fragment.name.value]));
        continue;
      }
      if (!selection.selectionSet || !(isObjectType(type) || isInterfaceType(type))) continue;
      const field = type.getFields()[selection.name.value];
      if (!field) continue;
      const name = selection.alias?.value ?? selection.name.value;
      const here = [...path, name];
      const child = getNamedType(field.type) as GraphQLCompositeType;
      const isConnection = field.args.some((a) => a.name === 'first') && field.args.some((a) => a.name === 'after');
      if (!isConnection) {
        walk(selection.selectionSet, child, multiplier, here, seen);
        continue;
      }
      const arg = (argName: string) => valueOf(selection.arguments?.find((a) => a.name.value === argName)?.value);
      const first = arg('first');
      const last = arg('last');
      const size = typeof first === 'number' ? first : typeof last === 'number' ? last : null;
      const readsNodes = selection.selectionSet.selections.some(
        (s) => s.kind !== Kind.FIELD || s.name.value === 'nodes' || s.name.value === 'edges',
      );
      report.connections.push({ path: here.join('.'), pageSize: size, readsNodes });
      if (size === null) {
        report.problems.push({
          type: 'MISSING_PAGINATION_BOUNDARIES',
          message: `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
        });
        continue;
      }
      const argument = typeof first === 'number' ? 'first' : 'last';
      if (size > MAX_PAGE_SIZE) {
        report.problems.push({
          type: 'EXCESSIVE_PAGINATION',
          message: `Requesting ${size} records on the \`${name}\` connection exceeds the \`${argument}\` limit of ${MAX_PAGE_SIZE} records.`,
        });
      } else if (size < MIN_PAGE_SIZE) {
        report.problems.push({
          type: 'INVALID_PAGINATION',
          message: `\`${argument}\` on the \`${name}\` connection must be within ${MIN_PAGE_SIZE}-${MAX_PAGE_SIZE}; ${size} was given.`,
        });
      }
      const nodes = multiplier * size;
      report.totalNodes += nodes;
      walk(selection.selectionSet, child, nodes, here, seen);
    }
  };
  walk(operation.selectionSet, root, 1, [], new Set());
  if (report.totalNodes > MAX_NODES) {
    report.problems.push({
      type: 'MAX_NODE_LIMIT_EXCEEDED',
      message: `This query requests up to ${report.totalNodes.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of ${MAX_NODES.toLocaleString('en-US')}.`,
    });
  }
  return report;
}
