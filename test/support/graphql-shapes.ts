/**
 * Reading a GraphQL schema for the fidelity suites: what an operation's variable definitions (and
 * the input types under them) say of each parameter we send, and the shape of the answer a
 * document selects. In an answer every selected field is present (GraphQL returns each one, null
 * or not), except fields selected under a type condition the object may not meet.
 */
import {
  Kind,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  parse,
  typeFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { JsonType, OurRule, Shape, VendorParam } from './fidelity.js';

/** JSON types of a scalar: the spec's five, JSONObject an object, JSON anything, every other custom scalar a string. */
function scalarType(name: string): JsonType {
  switch (name) {
    case 'Int':
      return 'integer';
    case 'Float':
      return 'number';
    case 'Boolean':
      return 'boolean';
    case 'JSONObject':
      return 'object';
    case 'JSON':
      return 'any';
    default:
      return 'string';
  }
}

function operationOf(document: DocumentNode): OperationDefinitionNode {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation) throw new Error('the document has no operation');
  return operation;
}

/**
 * What the schema says of the parameter a rule applies to: its variable (`first`), or the input
 * field under it (`input.teamId`). Required is non-null without a default; enum is an enum type's
 * values. Undefined when the operation declares no such variable or the input type no such field.
 */
export function variableParam(schema: GraphQLSchema, documentText: string, rule: OurRule): VendorParam | undefined {
  if (rule.location !== 'variables') return undefined;
  const operation = operationOf(parse(documentText));
  const [variable, ...path] = rule.wire.split('.');
  const definition = operation.variableDefinitions?.find((d) => d.variable.name.value === variable!.replace(/\[\]$/, ''));
  if (!definition) return undefined;
  let type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
  let required = definition.type.kind === Kind.NON_NULL_TYPE && definition.defaultValue === undefined;
  const steps = [...(variable!.endsWith('[]') ? ['[]'] : []), ...path.flatMap((p) => (p.endsWith('[]') ? [p.slice(0, -2), '[]'] : [p]))];
  for (const step of steps) {
    if (!type) return undefined;
    const inner = getNullableType(type);
    if (step === '[]') {
      if (!isListType(inner)) return undefined;
      type = inner.ofType as GraphQLInputType;
      required = false;
      continue;
    }
    if (!isInputObjectType(inner)) return undefined;
    const field = inner.getFields()[step];
    if (!field) return undefined;
    type = field.type;
    required = isNonNullType(field.type) && field.defaultValue === undefined;
  }
  if (!type) return undefined;
  const named = getNamedType(type);
  return {
    required,
    ...(isEnumType(named) ? { enum: named.getValues().map((v) => v.value as unknown) } : {}),
    // GraphQL's Int is a signed 32-bit integer: a server refuses a variable outside that range.
    ...(named.name === 'Int' ? { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 } : {}),
  };
}

/** The shape of a document's answer, `{ data: … }`, so a records path such as `data.issues.nodes` reads it. */
export function answerShape(schema: GraphQLSchema, documentText: string): Shape {
  const document = parse(documentText);
  const operation = operationOf(document);
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const root = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;

  const outputShape = (type: GraphQLOutputType, selection: SelectionSetNode | undefined): Shape => {
    const nullable = !isNonNullType(type);
    const inner = getNullableType(type);
    if (isListType(inner)) return { types: new Set(['array']), nullable, items: outputShape(inner.ofType as GraphQLOutputType, selection) };
    if (isScalarType(inner)) return { types: new Set([scalarType(inner.name)]), nullable };
    if (isEnumType(inner)) return { types: new Set(['string']), nullable };
    const members = selection ? selectionShape(inner.name, selection) : { properties: {}, required: new Set<string>() };
    return { types: new Set(['object']), nullable, ...members };
  };

  /** Members of a selection on `typeName`; fields under a narrower type condition are not required. */
  const selectionShape = (
    typeName: string,
    set: SelectionSetNode,
    conditional = false,
  ): { properties: Record<string, Shape>; required: Set<string> } => {
    const properties: Record<string, Shape> = {};
    const required = new Set<string>();
    const parent = schema.getType(typeName);
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__typename') {
          properties['__typename'] = { types: new Set(['string']), nullable: false };
          if (!conditional) required.add('__typename');
          continue;
        }
        if (!(isObjectType(parent) || isInterfaceType(parent))) continue;
        const field = parent.getFields()[selection.name.value];
        if (!field) continue;
        const key = selection.alias?.value ?? selection.name.value;
        properties[key] = outputShape(field.type, selection.selectionSet);
        if (!conditional) required.add(key);
        continue;
      }
      const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
      if (!fragment) continue;
      const on = fragment.typeCondition?.name.value ?? typeName;
      // A fragment on the parent's own type, or on an interface or union the parent (an object
      // type) belongs to, always applies; one on a member of a union or interface may not.
      const condition = schema.getType(on);
      const always =
        on === typeName ||
        (isObjectType(parent) && (isInterfaceType(condition) || isUnionType(condition)) && schema.isSubType(condition, parent));
      const inner = selectionShape(on, fragment.selectionSet, conditional || !always);
      for (const [key, shape] of Object.entries(inner.properties)) properties[key] ??= shape;
      for (const key of inner.required) required.add(key);
    }
    return { properties, required };
  };

  const data = selectionShape(root.name, operation.selectionSet);
  return {
    types: new Set(['object']),
    nullable: false,
    properties: { data: { types: new Set(['object']), nullable: true, ...data } },
    required: new Set(['data']),
  };
}
