/**
 * What a tool's input schema allows is what the tool accepts, argument by argument: the schemas a
 * model reads (src/tools/schemas.ts) and the rules the tools check (src/engine/arguments.ts) are
 * written apart, so every argument they share is compared on generated values. A trial found one
 * apart: a per-action tool's `connector` allowed "" and the tool refused it.
 */
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '@switchyard/runtime';
import {
  checkArguments,
  DESCRIBE_ARGUMENTS,
  EXECUTE_ARGUMENTS,
  EXTRA_ARGUMENT_RULES,
  LIST_CONNECTORS_ARGUMENTS,
} from '../src/engine/arguments.js';
import type { ParamRule, ParamRules } from '@switchyard/runtime';
import { actionInputSchema, describeConnectorInput, executeInput, listConnectorsInput, type ExtraArgument } from '../src/tools/schemas.js';
// Every spec's connector: the suite needs one list action of any of them.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';

const ajv = new Ajv({ strict: false });

/** Values of every JSON type, strings with control characters and the empty string among them. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  // Control characters from each range the service refuses, among printable ones (fast-check's
  // 'binary' unit keeps a table for the worker's life: test/support/shared-modules.test.ts).
  fc.constantFrom('', 'a', 'line\nbreak', 'tab\there', 'nul\u0000', 'del\u007f', 'next\u0085line', 'é', 'x'.repeat(1_001)),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);

/** Whether the tool's check accepts `{[name]: value}` under `rule` (required or not: the value is given). */
function ruleAccepts(name: string, rule: ParamRule, value: unknown): boolean {
  try {
    checkArguments('tool', { [name]: { ...rule, required: false } } as ParamRules, { [name]: value });
    return true;
  } catch (error) {
    if (error instanceof ValidationError) return false;
    throw error;
  }
}

function expectSameVerdicts(name: string, schema: object, rule: ParamRule): void {
  const validate = ajv.compile({ type: 'object', properties: { [name]: schema } });
  fc.assert(
    fc.property(anyValue, (value) => {
      expect(ruleAccepts(name, rule, value), `${name} = ${JSON.stringify(value)}`).toBe(validate({ [name]: value }));
    }),
    { numRuns: 500 },
  );
}

const compact = [
  ['list_connectors', listConnectorsInput(), LIST_CONNECTORS_ARGUMENTS],
  ['describe_connector', describeConnectorInput({ refs: [], hosted: true }), DESCRIBE_ARGUMENTS],
  ['execute', executeInput({ refs: [], hosted: true }), EXECUTE_ARGUMENTS],
] as const;

describe('every argument a schema declares, the tool accepts exactly as the schema does', () => {
  it.each(compact)('%s', (_tool, schema, rules) => {
    const properties = (schema as { properties: Record<string, object> }).properties;
    for (const [name, rule] of Object.entries(rules)) expectSameVerdicts(name, properties[name]!, rule as ParamRule);
  });

  it('the extras of per-action tools: intent, fields, skip, and a hosted tool’s connector', () => {
    const tools = connectors.flatMap(({ fixture }) =>
      Object.values(fixture.pkg.metadata.actions).flatMap((actions) =>
        Object.values(actions).map((action) => actionInputSchema(fixture.pkg, action, true)),
      ),
    );
    if (tools.length === 0) return console.warn('[mcp] no connector: the extras have no tool to compare');
    // Each extra on the first tool that takes it (every tool takes intent and, hosted, connector).
    for (const [name, rule] of Object.entries(EXTRA_ARGUMENT_RULES)) {
      const tool = tools.find(({ extras }) => extras.has(name as ExtraArgument));
      if (!tool) continue;
      expectSameVerdicts(name, (tool.schema as { properties: Record<string, object> }).properties[name]!, rule);
    }
    expect(tools.every(({ extras }) => extras.has('intent') && extras.has('connector'))).toBe(true);
  });
});
