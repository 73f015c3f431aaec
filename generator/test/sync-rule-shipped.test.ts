/**
 * What three shipped specs declare about filling their synced copies, from their vendors' documented
 * list filters: incremental only where a list filters by update time, and the defaults the
 * generator resolves (sync-rule.test.ts checks the rule itself on every spec).
 *
 * @module-tag connector/issue-tracker
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths } from '../src/pipeline.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const spec = (name: string) => compileSpec(join(root, 'specs', `${name}.yaml`), paths);
const incremental = (name: string) =>
  Object.fromEntries(spec(name).ir!.entities.flatMap((e) => (e.sync?.incremental ? [[e.name, e.sync.incremental]] : [])));

describe('sync declarations of the shipped specs', () => {
  it('declare incremental only where the vendor list filters by update time', () => {
    expect(incremental('messaging')).toEqual({});
    expect(incremental('issue-tracker')).toEqual({});
    expect(incremental('recruiting')).toEqual({
      job_posts: { param: 'updated_after', field: 'updated_at', format: 'iso-8601' },
      users: { param: 'updated_after', field: 'updated_at', format: 'iso-8601' },
    });
  });

  it('resolve defaults: the id field, and the parent field of a per-parent list', () => {
    const comments = spec('issue-tracker').ir!.entities.find((e) => e.name === 'comments')!;
    expect(comments.sync).toEqual({ action: 'list', idField: 'id', forEach: { entity: 'issues', param: 'issueId', field: 'id' } });
  });
});
