/**
 * Validation boundaries from the published parameter schemas (`paramSchemas`), for every
 * connector and every parameter with a minimum, maximum, minLength, maxLength, enum or pattern:
 * the value just outside is a ValidationError naming the parameter and the rule before any
 * request reaches the fake; the value just inside passes validation and reaches the wire.
 */
import { describe, expect, it } from 'vitest';
import { rejection } from '../support/expect.js';
import { connectors } from './registry.js';
import { callableActions, connect, errorClass, exampleParams, run, useFreshFake, type ActionRef } from './setup.js';
import { boundaries, validValue, type Boundary } from './values.js';
import { locationOf, wireValue } from './wire.js';
import type { ConnectorFixture } from './fixture.js';
import type { FakeServer } from '../fakes/harness.js';

/** How a value reads in a test name (long strings by their length). */
function show(value: unknown): string {
  if (typeof value === 'string') return [...value].length > 24 ? `${[...value].length} characters` : JSON.stringify(value);
  return JSON.stringify(value);
}

/**
 * Every boundary of every callable action. Pattern samples may come from an action's example,
 * which reads the fake's seeded data, so the plan is made against a fake of its own (seeded fakes
 * are identical, so the samples hold for the fakes the tests run against).
 */
function cases(fixture: ConnectorFixture, fake: FakeServer): { name: string; ref: ActionRef; boundary: Boundary }[] {
  const out: { name: string; ref: ActionRef; boundary: Boundary }[] = [];
  for (const ref of callableActions(fixture)) {
    const schema = fixture.pkg.paramSchemas[ref.entity]?.[ref.action];
    if (!schema) throw new Error(`${fixture.pkg.metadata.name}: paramSchemas has no ${ref.key}`);
    const example = exampleParams(fixture, ref, fake);
    const sample = (param: string) => validValue(fixture, ref, param, ref.meta.params[param]!, example);
    for (const boundary of boundaries(schema.properties, sample)) {
      const inside = boundary.inside.length > 3 ? `${boundary.inside.length} values` : boundary.inside.map(show).join(', ');
      out.push({
        name: `${ref.key} ${boundary.param} ${boundary.keyword}: ${show(boundary.outside)} refused, ${inside} sent`,
        ref,
        boundary,
      });
    }
  }
  return out;
}

const plans = await Promise.all(
  connectors.map(async ({ name, fixture }) => {
    const fake = await fixture.start();
    try {
      return { name, fixture, cases: cases(fixture, fake) };
    } finally {
      await fake.close();
    }
  }),
);

describe.each(plans)('$name', ({ fixture, cases }) => {
  const ctx = useFreshFake(fixture);
  const ValidationError = errorClass(fixture, 'ValidationError')!;

  it.each(cases)('$name', async ({ ref, boundary }) => {
    const c = connect(fixture, ctx.fake, { maxRetries: 0 });
    const example = exampleParams(fixture, ref, ctx.fake);

    const error = await rejection(run(c, ref, { ...example, [boundary.param]: boundary.outside }));
    expect(error).toBeInstanceOf(ValidationError);
    const named = (error.issues as { path: string; rule: string }[]).filter((i) => i.path === boundary.param).map((i) => i.rule);
    expect(
      named.some((rule) => boundary.rules.includes(rule)),
      `issues of ${boundary.param}: ${named.join(', ')}`,
    ).toBe(true);
    expect(error.message).toContain(`${boundary.param}: `);
    expect(ctx.fake.requests).toHaveLength(0);

    for (const value of boundary.inside) {
      ctx.fake.reset();
      const params = { ...example, [boundary.param]: value };
      // The vendor may refuse a value our schema allows (an id that does not exist); that is its answer, not ours.
      const outcome = await run(c, ref, params).catch((e: unknown) => e);
      expect(outcome, `${boundary.param} = ${show(value)}`).not.toBeInstanceOf(ValidationError);
      expect(ctx.fake.requests.length).toBeGreaterThanOrEqual(1);
      expectOnTheWire(ctx.fake, ref, boundary.param, value);
    }
  });
});

function expectOnTheWire(fake: FakeServer, ref: ActionRef, param: string, value: unknown): void {
  const request = fake.requests[0]!;
  const where = locationOf(ref.meta, ref.meta.params[param]!);
  if (where === 'select' || where === 'file-header') return; // not part of the action's own request
  if (where === 'path') {
    expect(request.path.split('/')).toContain(encodeURIComponent(String(value)));
    return;
  }
  const sent = wireValue(request, ref.meta, param);
  if (where === 'query' || where === 'header') expect(sent).toBe(String(value));
  else expect(sent).toEqual(value);
}
