/**
 * Per-action tool names, for every action of every connector discovered from specs/: valid for
 * every provider and unique; past 64 characters, shortened deterministically and still distinct.
 */
// @module-tag connector/support-desk
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { actionToolName, MAX_TOOL_NAME_LENGTH } from '@switchyard/mcp';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';

describe('actionToolName', () => {
  it('is <type>_<entity>_<action> with "-" as "_", unique across every connector', () => {
    const names = connectors.flatMap(({ name, fixture }) =>
      Object.values(fixture.pkg.metadata.actions).flatMap((actions) =>
        Object.values(actions).map((a) => actionToolName(name, a.entity, a.action)),
      ),
    );
    for (const name of names) expect(name).toMatch(/^[a-z0-9_]{1,64}$/);
    expect(new Set(names).size).toBe(names.length);
    expect(actionToolName('support-desk', 'tickets', 'list')).toBe('support_desk_tickets_list');
  });

  it('shortens a long name to 64 characters: its first 55, "_" and 8 hex digits of its hash', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9-]{0,40}$/),
        fc.stringMatching(/^[a-z][a-z0-9_]{0,40}$/),
        fc.stringMatching(/^[a-z_]{1,20}$/),
        (type, entity, action) => {
          const name = actionToolName(type, entity, action);
          const full = `${type}_${entity}_${action}`.replace(/-/g, '_');
          expect(name).toMatch(/^[a-z0-9_]{1,64}$/);
          expect(name).toBe(actionToolName(type, entity, action));
          if (full.length <= MAX_TOOL_NAME_LENGTH) expect(name).toBe(full);
          else expect(name).toMatch(new RegExp(`^${full.slice(0, 55)}_[0-9a-f]{8}$`));
        },
      ),
    );
    const a = actionToolName('a-very-long-connector-family-name', 'an_entity_with_a_long_name_too', 'list');
    const b = actionToolName('a-very-long-connector-family-name', 'an_entity_with_a_long_name_too', 'get');
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
  });
});
