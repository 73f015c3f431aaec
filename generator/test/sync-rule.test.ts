/**
 * Every entity with a search action declares how its synced copy is filled, and the generated
 * metadata publishes it (defaults resolved) for the hosted service's sync engine.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specNames } from '../../test/support/connectors.js';
import { compileSpec, defaultPaths } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const spec = (name: string) => compileSpec(join(root, 'specs', `${name}.yaml`), paths);

describe('sync declarations', () => {
  it.each(specNames())('%s: exactly the entities with search have a sync rule naming a list action', (name) => {
    const { ir, problems } = spec(name);
    expect(problems).toEqual([]);
    for (const entity of ir!.entities) {
      const searchable = entity.actions.some((a) => a.kind === 'search');
      expect(entity.sync !== undefined, entity.name).toBe(searchable);
      if (!entity.sync) continue;
      const list = entity.actions.find((a) => a.name === entity.sync!.action)!;
      expect(list.kind).toBe('list');
      const params = new Set(list.params.map(([p]) => p));
      for (const param of [entity.sync.incremental?.param, entity.sync.startDate?.param, entity.sync.forEach?.param]) {
        if (param) expect(params.has(param), `${entity.name}: ${param}`).toBe(true);
      }
    }
  });

  it('reports a sync that names a missing incremental parameter, with the parameters it could use', () => {
    const source = [
      'name: syncs',
      'title: Syncs',
      'vendor: X',
      'baseUrl: https://x.test',
      'auth:',
      "  Token: { kind: bearer, fields: { api_token: {} }, token: '{api_token}' }",
      'entities:',
      '  things:',
      '    searchable: { id: string }',
      '    sync: { action: list, incremental: { param: changed_since, field: updated_at, format: unix-seconds } }',
      '    actions:',
      '      list:',
      '        request: { method: GET, path: /things }',
      '        params: { updated_after: { type: string } }',
      '        response: { records: things }',
      "        pagination: { style: none, reason: 'one page' }",
      '      search: {}',
    ].join('\n');
    const { problems } = compileSpec(join(root, 'syncs.yaml'), paths, source);
    expect(problems.map((p) => `${p.line} ${p.code} ${p.message} | ${p.hint}`)).toEqual([
      '10 SY122 things.sync: the incremental parameter changed_since is not a parameter of things.list (sync-rule-mismatch) | use one of: updated_after',
    ]);
  });
});
