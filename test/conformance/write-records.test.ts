/**
 * Records that write actions return: for every connector (one per spec, test/matrix/registry.ts)
 * and every create or update action its metadata declares, the real connector runs against the
 * vendor's fake, which answers as the vendor does, with the fixture's example params (valid values
 * the fake accepts). The record in `data` must hold every field its record type marks present,
 * non-null and of its type (the package's `recordSchemas`, whose required fields the family
 * fidelity suites tie to the seeds' always-present fields, e.g. a posted message's `ts`).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { connectors } from '../matrix/registry.js';
import { callableActions, connect, exampleParams, run, useFreshFake, type ActionRef } from '../matrix/setup.js';

const ajv = new Ajv({ strict: false, allErrors: true });

const writes = (actions: ActionRef[]) => actions.filter((a) => a.meta.kind === 'create' || a.meta.kind === 'update');

it('the walk covers every create and update the connectors declare (not an empty, vacuous pass)', () => {
  // Counted from each package's metadata, independently of the walk: a connector without writes
  // (a starter spec, or SWITCHYARD_MATRIX_ONLY narrowed to one) has nothing to check, and that is fine.
  const declared = connectors.flatMap(({ fixture }) =>
    Object.entries(fixture.pkg.metadata.actions).flatMap(([entity, actions]) =>
      Object.entries(actions)
        .filter(([, meta]) => meta.kind === 'create' || meta.kind === 'update')
        .map(([action]) => `${fixture.pkg.metadata.name}: ${entity}.${action}`),
    ),
  );
  const walked = connectors.flatMap(({ fixture }) =>
    writes(callableActions(fixture)).map((a) => `${fixture.pkg.metadata.name}: ${a.entity}.${a.action}`),
  );
  expect(walked.sort()).toEqual(declared.sort());
});

describe.each(connectors.filter(({ fixture }) => writes(callableActions(fixture)).length > 0))('$name', ({ fixture }) => {
  const recordSchemas = fixture.pkg['recordSchemas'] as { definitions: Record<string, unknown> };
  const validators = new Map<string, ValidateFunction>();
  const problems = (definition: string, record: unknown): string[] => {
    if (!validators.has(definition)) validators.set(definition, ajv.compile({ ...recordSchemas, $ref: `#/definitions/${definition}` }));
    const validate = validators.get(definition)!;
    return validate(record) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(record)'} ${e.message}`);
  };
  const ctx = useFreshFake(fixture);

  it.each(writes(callableActions(fixture)))('$key returns a whole record', async (ref) => {
    expect(ref.meta.recordType, `${ref.key} names its record type`).toBeDefined();
    const params = exampleParams(fixture, ref, ctx.fake);
    const { data } = (await run(connect(fixture, ctx.fake), ref, params)) as { data: unknown };
    expect(data, `${ref.key} answered a record`).toBeTypeOf('object');
    expect(data).not.toBeNull();
    expect(problems(ref.meta.recordType!, data), JSON.stringify(params)).toEqual([]);
  });
});
