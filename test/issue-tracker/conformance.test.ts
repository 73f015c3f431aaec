/**
 * Conformance of the issue-tracker connector with Linear's published GraphQL schema
 * (vendor-specs/linear/schema.graphql under ../shared/vendor-specs or SWITCHYARD_VENDOR_SPECS;
 * skipped with a message when absent).
 *
 * 1. Every document in the package's `metadata` validates against the official schema, holds one
 *    operation named like `operationName`, and validates against the fake's SDL subset too.
 * 2. The variables the connector actually sends (captured at the fake, for minimal and maximal
 *    params of every action) coerce without error against the operation's variable definitions
 *    in the official schema, and name no undeclared variable.
 * 3. The fake cannot drift from Linear where the connector looks: every field, argument and input
 *    field the documents use has the same type in LINEAR_FAKE_SDL as upstream, and the enums they
 *    select hold only upstream values.
 * 4. The package's record schemas accept what the official schema allows: a field Linear may
 *    return as null is nullable in `recordSchemas`, and JSON types agree.
 */
import { readFileSync } from 'node:fs';
import {
  Kind,
  TypeInfo,
  buildSchema,
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  validate,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { metadata, recordSchemas } from '@switchyard/connector-issue-tracker';
import { LINEAR_FAKE_SDL } from '../fakes/linear.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { makeConnector, teamAndStates, useLinearFake } from './helpers.js';

interface GraphqlAction {
  name: string;
  entity: string;
  action: string;
  document: string;
  operationName: string;
  operationType: 'query' | 'mutation';
}

const ACTIONS: GraphqlAction[] = Object.values(metadata.actions).flatMap((actions) =>
  Object.values(actions)
    .filter((a) => a.request?.graphql)
    .map((a) => ({
      name: `${a.entity}.${a.action}`,
      entity: a.entity,
      action: a.action,
      document: a.request!.graphql!.document,
      operationName: a.request!.graphql!.operationName!,
      operationType: a.request!.graphql!.operationType as 'query' | 'mutation',
    })),
);

function operationOf(document: DocumentNode): OperationDefinitionNode {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  expect(ops).toHaveLength(1);
  return ops[0]!;
}

/** Coerces `variables` against the operation's definitions in `schema`; returns the error messages. */
function variableProblems(schema: GraphQLSchema, document: string, variables: Record<string, unknown>): string[] {
  const operation = operationOf(parse(document));
  const defs = operation.variableDefinitions ?? [];
  const declared = new Set(defs.map((d) => d.variable.name.value));
  const undeclared = Object.keys(variables)
    .filter((name) => !declared.has(name))
    .map((name) => `variable $${name} is not declared`);
  const result = getVariableValues(schema, defs, variables);
  return [...undeclared, ...(result.errors ?? []).map((e) => e.message)];
}

type Params = Record<string, unknown>;

/** Realistic params per action: the smallest valid call and one with every optional param. */
function paramSets(fake: Parameters<typeof teamAndStates>[0]): Array<[string, string, string, Params]> {
  const { team, inProgress } = teamAndStates(fake);
  const issue = fake.data.issues.rows[0]!;
  const comment = fake.data.comments.rows[0]!;
  const user = fake.data.users.rows[1]!;
  const project = fake.data.projects.rows[0]!;
  return [
    ['issues.list minimal', 'issues', 'list', {}],
    ['issues.list maximal', 'issues', 'list', { first: 25, after: issue.id }],
    ['issues.get', 'issues', 'get', { id: issue.identifier }],
    ['issues.create minimal', 'issues', 'create', { teamId: team.id, title: 'Conformance' }],
    [
      'issues.create maximal',
      'issues',
      'create',
      { teamId: team.id, title: 'Conformance', description: '**md**', stateId: inProgress, priority: 4 },
    ],
    ['issues.update id only', 'issues', 'update', { id: issue.id }],
    [
      'issues.update maximal',
      'issues',
      'update',
      { id: issue.id, title: 'T', description: 'D', stateId: inProgress, priority: 0, assigneeId: user.id },
    ],
    ['issues.update unassign', 'issues', 'update', { id: issue.id, assigneeId: null }],
    ['projects.list minimal', 'projects', 'list', {}],
    ['projects.list maximal', 'projects', 'list', { first: 250, after: project.id }],
    ['projects.get', 'projects', 'get', { id: project.slugId }],
    ['teams.list maximal', 'teams', 'list', { first: 1, after: team.id }],
    ['teams.get', 'teams', 'get', { id: team.id }],
    ['users.list maximal', 'users', 'list', { first: 3, after: user.id }],
    ['users.get', 'users', 'get', { id: user.id }],
    ['comments.list minimal', 'comments', 'list', { issueId: issue.id }],
    ['comments.list maximal', 'comments', 'list', { issueId: issue.identifier, first: 2, after: comment.id }],
    ['comments.get', 'comments', 'get', { id: comment.id }],
    ['comments.create', 'comments', 'create', { issueId: issue.id, body: 'Conformance **comment**' }],
    ['comments.update', 'comments', 'update', { id: comment.id, body: 'Edited' }],
  ];
}

/** Every field (with its parent type) and argument the document uses, resolved against `schema`. */
function usedFields(schema: GraphQLSchema, document: DocumentNode): Array<{ parent: string; field: string; args: string[] }> {
  const typeInfo = new TypeInfo(schema);
  const used: Array<{ parent: string; field: string; args: string[] }> = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (!parent || node.name.value.startsWith('__')) return;
        used.push({ parent: parent.name, field: node.name.value, args: (node.arguments ?? []).map((a) => a.name.value) });
      },
    }),
  );
  return used;
}

/** JSON types a record-schema property admits (`anyOf` flattened). */
function jsonTypes(schema: { type?: string; anyOf?: Array<{ type?: string }> } | undefined): Set<string> {
  if (!schema) return new Set();
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...jsonTypes(s)]));
  if (!schema.type) return new Set(['any']);
  return new Set([schema.type]);
}

/** JSON types a GraphQL output type can produce (without null). */
function graphqlJsonTypes(type: GraphQLOutputType): string[] {
  const inner = getNullableType(type);
  if (isListType(inner)) return ['array'];
  if (isEnumType(inner)) return ['string'];
  if (isObjectType(inner)) return ['object'];
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Int':
        return ['integer', 'number'];
      case 'Float':
        return ['number'];
      case 'Boolean':
        return ['boolean'];
      case 'JSON':
      case 'JSONObject':
        return ['any'];
      default:
        return ['string'];
    }
  }
  return ['any'];
}

type RecordDefinitions = Record<
  string,
  { properties: Record<string, { type?: string; anyOf?: Array<{ type?: string }> }>; required: readonly string[] }
>;

/** Fields of the five record types whose record-schema property cannot hold what Linear may send. */
function recordProblems(official: GraphQLSchema, definitions: RecordDefinitions): string[] {
  const problems: string[] = [];
  for (const typeName of ['Issue', 'Project', 'Team', 'User', 'Comment']) {
    const type = official.getType(typeName);
    const record = definitions[typeName];
    if (!isObjectType(type) || !record) {
      problems.push(`${typeName} is missing upstream or in recordSchemas`);
      continue;
    }
    const required = new Set(record.required);
    for (const [name, field] of Object.entries(type.getFields())) {
      if (!(name in record.properties)) continue; // not selected
      const allowed = jsonTypes(record.properties[name]);
      if (!isNonNullType(field.type)) {
        if (!allowed.has('null') && !allowed.has('any'))
          problems.push(`${typeName}.${name}: ${String(field.type)} upstream (nullable) but the record schema does not admit null`);
        if (required.has(name) && !allowed.has('null'))
          problems.push(`${typeName}.${name}: required and non-null in the record schema, nullable upstream`);
      }
      const produced = graphqlJsonTypes(field.type);
      if (!produced.includes('any') && !allowed.has('any') && !produced.some((t) => allowed.has(t))) {
        problems.push(`${typeName}.${name}: ${String(field.type)} upstream, record schema admits ${[...allowed].join('|')}`);
      }
    }
  }
  return problems;
}

describeWithVendorSpec("issue-tracker vs Linear's official GraphQL schema", ['linear', 'schema.graphql'], (path) => {
  let official: GraphQLSchema;
  const fakeSchema = buildSchema(LINEAR_FAKE_SDL);
  beforeAll(() => {
    official = buildSchema(readFileSync(path, 'utf8'), { assumeValidSDL: true });
  });

  it('the metadata holds the 14 GraphQL documents of the spec', () => {
    expect(ACTIONS.map((a) => a.name).sort()).toEqual(
      [
        'comments.create',
        'comments.get',
        'comments.list',
        'comments.update',
        'issues.create',
        'issues.get',
        'issues.list',
        'issues.update',
        'projects.get',
        'projects.list',
        'teams.get',
        'teams.list',
        'users.get',
        'users.list',
      ].sort(),
    );
  });

  describe('documents', () => {
    it.each(ACTIONS)('$name validates against the official schema with zero errors', (a) => {
      const document = parse(a.document);
      expect(validate(official, document).map((e) => e.message)).toEqual([]);
      const operation = operationOf(document);
      expect(operation.name?.value).toBe(a.operationName);
      expect(operation.operation).toBe(a.operationType);
      expect(a.operationType).toBe(a.action === 'create' || a.action === 'update' ? 'mutation' : 'query');
    });

    it.each(ACTIONS)('$name validates against the fake SDL subset too', (a) => {
      expect(validate(fakeSchema, parse(a.document)).map((e) => e.message)).toEqual([]);
    });

    it('the official schema rejects a field Linear does not have (the check is not vacuous)', () => {
      const broken = parse(
        ACTIONS.find((a) => a.name === 'issues.get')!.document.replace('  branchName\n', '  branchName\n  branchNames\n'),
      );
      expect(validate(official, broken).map((e) => e.message)).toEqual([
        'Cannot query field "branchNames" on type "Issue". Did you mean "branchName"?',
      ]);
    });
  });

  describe('variables sent on the wire', () => {
    const ctx = useLinearFake({ issuesPerTeam: 6, commentsPerIssue: 2 });

    it('every graphql action is exercised below', () => {
      const exercised = new Set(paramSets(ctx.fake).map(([, entity, action]) => `${entity}.${action}`));
      expect([...exercised].sort()).toEqual(ACTIONS.map((a) => a.name).sort());
    });

    it('the variables of every action coerce against the official variable definitions', async () => {
      const problems: string[] = [];
      let checked = 0;
      for (const [name, entity, action, params] of paramSets(ctx.fake)) {
        ctx.fake.reset();
        const c = makeConnector(ctx.fake) as unknown as { execute(e: string, a: string, p: Params): Promise<unknown> };
        // Only the request matters here; the answer is covered by actions.test.ts.
        await c.execute(entity, action, params).catch(() => undefined);
        expect(ctx.fake.requests, name).toHaveLength(1);
        const body = JSON.parse(ctx.fake.requests[0]!.rawBody) as { query: string; variables: Record<string, unknown> };
        for (const [schemaName, schema] of [
          ['official', official],
          ['fake', fakeSchema],
        ] as const) {
          for (const problem of variableProblems(schema, body.query, body.variables)) problems.push(`${name} (${schemaName}): ${problem}`);
        }
        checked++;
      }
      expect(problems).toEqual([]);
      expect(checked).toBe(paramSets(ctx.fake).length);
    });

    it('the coercion check catches bad variables (not vacuous)', () => {
      const create = ACTIONS.find((a) => a.name === 'issues.create')!.document;
      expect(variableProblems(official, create, { input: { title: 'no team' } })).toEqual([
        'Variable "$input" got invalid value { title: "no team" }; Field "teamId" of required type "String!" was not provided.',
      ]);
      expect(variableProblems(official, create, { input: { teamId: 't', priority: 1.5 } })).toHaveLength(1);
      expect(variableProblems(official, create, { input: { teamId: 't', assignee: 'u' } })[0]).toContain('Field "assignee" is not defined');
      expect(variableProblems(official, create, { input: { teamId: 't' }, extra: 1 })).toEqual(['variable $extra is not declared']);
    });
  });

  describe('the fake SDL agrees with the official schema where the connector looks', () => {
    it('every selected field and used argument has the same type in both schemas', () => {
      const problems: string[] = [];
      let fields = 0;
      for (const a of ACTIONS) {
        for (const used of usedFields(official, parse(a.document))) {
          fields++;
          const up = official.getType(used.parent);
          const here = fakeSchema.getType(used.parent);
          if (!(isObjectType(up) || isInterfaceType(up))) {
            problems.push(`${a.name}: ${used.parent} is not an object or interface upstream`);
            continue;
          }
          if (!(isObjectType(here) || isInterfaceType(here))) {
            problems.push(`${a.name}: type ${used.parent} missing in the fake`);
            continue;
          }
          const upField = up.getFields()[used.field]!;
          const hereField = here.getFields()[used.field];
          if (!hereField) {
            problems.push(`${a.name}: ${used.parent}.${used.field} missing in the fake`);
            continue;
          }
          if (String(hereField.type) !== String(upField.type)) {
            problems.push(
              `${a.name}: ${used.parent}.${used.field} is ${String(hereField.type)} in the fake, ${String(upField.type)} upstream`,
            );
          }
          for (const arg of used.args) {
            const upArg = upField.args.find((x) => x.name === arg);
            const hereArg = hereField.args.find((x) => x.name === arg);
            if (String(hereArg?.type) !== String(upArg?.type)) {
              problems.push(
                `${a.name}: ${used.parent}.${used.field}(${arg}) is ${String(hereArg?.type)} in the fake, ${String(upArg?.type)} upstream`,
              );
            }
          }
          const named = getNamedType(upField.type);
          const hereNamed = fakeSchema.getType(named.name);
          if (isEnumType(named) && isEnumType(hereNamed)) {
            for (const v of hereNamed.getValues())
              if (!named.getValue(v.name)) problems.push(`${a.name}: enum ${named.name}.${v.name} not upstream`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(fields).toBeGreaterThan(300);
    });

    it('every input field the connector can send has the same type in both schemas', () => {
      const problems: string[] = [];
      for (const a of ACTIONS) {
        const operation = operationOf(parse(a.document));
        const rules = metadata.actions[a.entity]![a.action]!.params;
        for (const def of operation.variableDefinitions ?? []) {
          const variable = def.variable.name.value;
          const typeName = (function named(t: typeof def.type): string {
            return t.kind === Kind.NAMED_TYPE ? t.name.value : named(t.type);
          })(def.type);
          const up = official.getType(typeName);
          const here = fakeSchema.getType(typeName);
          if (!up || !here) {
            problems.push(`${a.name}: $${variable} type ${typeName} missing ${up ? 'in the fake' : 'upstream'}`);
            continue;
          }
          if (!isInputObjectType(up) || !isInputObjectType(here)) continue;
          // The input fields the spec maps params to (`as: input.teamId`).
          const sent = Object.values(rules)
            .map((rule) => rule.as)
            .filter((as): as is string => typeof as === 'string' && as.startsWith(`${variable}.`))
            .map((as) => as.slice(variable.length + 1));
          expect(sent.length, `${a.name} $${variable}`).toBeGreaterThan(0);
          for (const field of sent) {
            const upField = up.getFields()[field];
            const hereField = here.getFields()[field];
            if (!upField) problems.push(`${a.name}: input ${typeName}.${field} does not exist upstream`);
            else if (String(hereField?.type) !== String(upField.type)) {
              problems.push(
                `${a.name}: input ${typeName}.${field} is ${String(hereField?.type)} in the fake, ${String(upField.type)} upstream`,
              );
            }
          }
          // No required upstream input field is left without a param.
          for (const f of Object.values(up.getFields())) {
            if (isNonNullType(f.type) && f.defaultValue === undefined && !sent.includes(f.name)) {
              problems.push(`${a.name}: required input ${typeName}.${f.name} has no param`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    });
  });

  describe('record schemas vs the official field types', () => {
    it('every selected field of a record admits what Linear may return (null where the SDL is nullable)', () => {
      expect(recordProblems(official, recordSchemas.definitions as unknown as RecordDefinitions)).toEqual([]);
    });

    it('the record check catches a nullable field typed non-null (not vacuous)', () => {
      const tampered = structuredClone(recordSchemas.definitions) as unknown as RecordDefinitions;
      tampered['Issue']!.properties['description'] = { type: 'string' };
      tampered['Issue']!.required = [...tampered['Issue']!.required, 'description'];
      tampered['Team']!.properties['issueCount'] = { type: 'string' };
      expect(recordProblems(official, tampered)).toEqual([
        'Issue.description: String upstream (nullable) but the record schema does not admit null',
        'Issue.description: required and non-null in the record schema, nullable upstream',
        'Team.issueCount: Int! upstream, record schema admits string',
      ]);
    });
  });
});
