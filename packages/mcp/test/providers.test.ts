/**
 * Tool definitions for every provider, for every connector discovered from specs/ (through the
 * matrix registry) and for all of them at once, in both toolsets, held to each provider's rules by
 * the checkers in providers/checks.ts; and the checkers themselves, shown to catch each rule broken.
 */
// @module-tag connector/support-desk
import { describe, expect, it } from 'vitest';
import {
  anthropicProblems,
  geminiProblems,
  openaiStrictProblems,
  toolDefinitions,
  TOOL_NAME_PATTERN,
  OMIT,
  type ConnectorPackage,
  type McpToolDefinition,
} from '@switchyard/mcp';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';

const packages = connectors.map(({ fixture }) => fixture.pkg as unknown as ConnectorPackage);
const cases = [
  ...connectors.map(({ name, fixture }) => ({ name, packages: [fixture.pkg as unknown as ConnectorPackage] })),
  { name: 'all connectors', packages },
];
type Json = Record<string, any>;

/** Whether a (strict-mode) schema accepts null. */
const nullable = (schema: Json): boolean =>
  (Array.isArray(schema['type']) && schema['type'].includes('null')) ||
  schema['type'] === 'null' ||
  (Array.isArray(schema['anyOf']) && schema['anyOf'].some((b: Json) => nullable(b)));

/** Every property the canonical schema leaves optional is nullable in the strict one, at every depth. */
function optionalsAreNullable(canonical: Json, strict: Json, path: string, problems: string[]): void {
  if (!canonical || typeof canonical !== 'object' || !strict || typeof strict !== 'object') return;
  const properties = canonical['properties'] as Record<string, Json> | undefined;
  const strictProperties = strict['properties'] as Record<string, Json> | undefined;
  if (properties && strictProperties) {
    const required: string[] = canonical['required'] ?? [];
    for (const [key, property] of Object.entries(properties)) {
      const converted = strictProperties[key];
      if (!converted) {
        problems.push(`${path}.${key}: missing`);
        continue;
      }
      if (!required.includes(key) && !nullable(converted)) problems.push(`${path}.${key}: optional but not nullable`);
      optionalsAreNullable(property, converted['anyOf']?.find((b: Json) => b['properties']) ?? converted, `${path}.${key}`, problems);
    }
  }
  if (canonical['items'] && strict['items']) optionalsAreNullable(canonical['items'], strict['items'], `${path}[]`, problems);
}

describe.each(cases)('$name', ({ packages: given }) => {
  describe.each(['compact', 'actions'] as const)('%s toolset', (tools) => {
    const canonical = toolDefinitions(given, { provider: 'mcp', tools }) as McpToolDefinition[];

    it('has tools, each with a valid, unique name', () => {
      expect(canonical.length).toBeGreaterThan(0);
      for (const tool of canonical) expect(tool.name).toMatch(TOOL_NAME_PATTERN);
      expect(new Set(canonical.map((t) => t.name)).size).toBe(canonical.length);
    });

    it('openai: function tools valid under strict mode, optional fields as unions with null', () => {
      const definitions = toolDefinitions(given, { provider: 'openai', tools });
      expect(definitions.map((d) => d.function.name)).toEqual(canonical.map((t) => t.name));
      definitions.forEach((definition, i) => {
        expect(definition.type).toBe('function');
        expect(definition.function.strict).toBe(true);
        expect(definition.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        expect(openaiStrictProblems(definition.function.parameters), definition.function.name).toEqual([]);
        const problems: string[] = [];
        optionalsAreNullable(canonical[i]!.inputSchema as Json, definition.function.parameters as Json, definition.function.name, problems);
        expect(problems).toEqual([]);
      });
    });

    it('anthropic: {name, description, input_schema} with an object input schema (the canonical one)', () => {
      const definitions = toolDefinitions(given, { provider: 'anthropic', tools });
      definitions.forEach((definition, i) => {
        expect(anthropicProblems(definition), definition.name).toEqual([]);
        expect(definition.input_schema).toEqual(canonical[i]!.inputSchema);
      });
    });

    it("gemini: function declarations in Gemini's OpenAPI subset only", () => {
      const definitions = toolDefinitions(given, { provider: 'gemini', tools });
      expect(definitions.map((d) => d.name)).toEqual(canonical.map((t) => t.name));
      for (const definition of definitions) {
        expect(Object.keys(definition).sort()).toEqual(['description', 'name', 'parameters']);
        expect(definition.name).toMatch(/^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/);
        expect(geminiProblems(definition.parameters), definition.name).toEqual([]);
      }
    });
  });
});

describe('conversions keep what each provider can say', () => {
  const supportDesk = connectors.find((c) => c.name === 'support-desk')!.fixture.pkg as unknown as ConnectorPackage;
  const tool = (provider: 'openai' | 'gemini') =>
    (toolDefinitions([supportDesk], { provider, tools: 'actions' }) as any[]).find(
      (d) => (d.function?.name ?? d.name) === 'support_desk_tickets_update',
    );

  it('openai: an optional field that accepts null keeps null for null and gets "$omit" for absent', () => {
    const assignee = tool('openai').function.parameters.properties.assignee_id;
    expect(assignee.anyOf).toContainEqual({ type: 'string', enum: [OMIT] });
    expect(nullable(assignee.anyOf[0])).toBe(true);
    expect(assignee.description).toContain('null sets it to null');
  });

  it('gemini: nullable fields say so, and objects without declared properties travel as JSON text', () => {
    const parameters = tool('gemini').parameters;
    expect(parameters.properties.assignee_id).toMatchObject({ type: 'INTEGER', nullable: true });
    const execute = (toolDefinitions([supportDesk], { provider: 'gemini' }) as any[]).find((d) => d.name === 'execute');
    expect(execute.parameters.properties.params).toMatchObject({ type: 'STRING' });
    expect(execute.parameters.properties.params.description).toContain('JSON');
  });

  it('the read-only and only options narrow the definitions as they narrow the MCP tools', () => {
    const names = (options: object) =>
      (toolDefinitions(packages, { provider: 'mcp', tools: 'actions', ...options }) as McpToolDefinition[]).map((t) => t.name);
    expect(names({ only: ['messaging.users.list', 'crm.contacts.get'] })).toEqual(['crm_contacts_get', 'messaging_users_list']);
    expect(names({ readOnly: true })).not.toContain('messaging_channels_create');
    expect(names({ readOnly: true })).toContain('messaging_users_list');
    expect(() => toolDefinitions(packages, { provider: 'mcp', only: ['messaging.users.lst'] })).toThrow(
      /messaging users has no action lst/,
    );
  });
});

describe('the checkers catch each rule broken', () => {
  const ok = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };

  it('openai strict', () => {
    expect(openaiStrictProblems(ok)).toEqual([]);
    expect(openaiStrictProblems({ ...ok, additionalProperties: true })).toEqual(['$: additionalProperties must be false']);
    expect(openaiStrictProblems({ ...ok, required: [] })).toEqual(['$.properties.a: not listed in required']);
    for (const keyword of [
      'allOf',
      'not',
      'if',
      'then',
      'else',
      'dependentRequired',
      'dependentSchemas',
      'patternProperties',
      'unevaluatedProperties',
      'propertyNames',
    ]) {
      expect(openaiStrictProblems({ ...ok, properties: { a: { type: 'string', [keyword]: {} } } }).join()).toContain(keyword);
    }
    expect(openaiStrictProblems({ ...ok, properties: { a: {} } })).toEqual(['$.properties.a: no type, enum or anyOf']);
    let deep: Json = ok;
    for (let i = 0; i < 10; i++) deep = { type: 'object', properties: { a: deep }, required: ['a'], additionalProperties: false };
    expect(openaiStrictProblems(deep).join()).toContain('nested 11 objects deep');
    expect(openaiStrictProblems({ type: 'string' })).toContain('$: the root must be {"type": "object"}');
  });

  it('gemini', () => {
    const good = { type: 'OBJECT', properties: { a: { type: 'STRING', enum: ['x'] } }, required: ['a'] };
    expect(geminiProblems(good)).toEqual([]);
    expect(geminiProblems({ ...good, additionalProperties: false })).toEqual(["$: additionalProperties is not in Gemini's schema subset"]);
    expect(geminiProblems({ ...good, properties: { a: { type: 'INTEGER', enum: [1] } } })).toEqual([
      '$.properties.a: enum is for strings only',
    ]);
    expect(geminiProblems({ ...good, properties: { a: { type: 'string' } } })).toEqual([
      '$.properties.a: type "string" is not a Gemini type',
    ]);
    expect(geminiProblems({ ...good, properties: { a: { type: 'OBJECT', properties: {} } } })).toEqual([
      '$.properties.a: an OBJECT needs properties',
    ]);
    expect(geminiProblems({ ...good, properties: { a: { type: 'STRING', format: 'uri' } } })).toHaveLength(1);
  });

  it('anthropic', () => {
    expect(anthropicProblems({ name: 'a_b', description: 'd', input_schema: { type: 'object' } })).toEqual([]);
    expect(anthropicProblems({ name: 'a b', description: 'd', input_schema: { type: 'object' } })).toHaveLength(1);
    expect(anthropicProblems({ name: 'a', description: 'd', input_schema: { type: 'string' } })).toHaveLength(1);
    expect(anthropicProblems({ name: 'a', description: 'd', input_schema: { type: 'object' }, strict: true })).toHaveLength(1);
  });
});
