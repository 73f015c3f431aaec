/**
 * `fields` projection: only the given dot paths are kept, a path through a list applies to each
 * item, a missing path is absent (never invented), and keys named like prototype members are the
 * record's own keys, read and written as data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathTree, project } from '../src/engine/project.js';

const own = (value: unknown, path: string[]): { found: boolean; value?: unknown } => {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, key)) return { found: false };
    current = (current as Record<string, unknown>)[key];
  }
  return { found: true, value: current };
};

describe('project', () => {
  it('keeps exactly the given paths of a record, with their values', () => {
    const key = fc.constantFrom('a', 'b', 'c', '__proto__', 'constructor', 'toString');
    const record = fc.dictionary(key, fc.oneof(fc.integer(), fc.dictionary(key, fc.oneof(fc.string(), fc.integer()), { maxKeys: 4 })), {
      maxKeys: 5,
    });
    const path = fc.array(key, { minLength: 1, maxLength: 2 });
    fc.assert(
      fc.property(record, fc.array(path, { minLength: 1, maxLength: 4 }), (r, paths) => {
        const out = project(r, pathTree(paths.map((p) => p.join('.')))) as Record<string, unknown>;
        expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
        for (const p of paths) {
          const original = own(r, p);
          const kept = own(out, p);
          expect(kept.found).toBe(original.found);
          if (original.found) expect(kept.value).toEqual(original.value);
        }
        // Nothing beyond the paths: every top-level key kept is the first key of some path.
        for (const k of Object.keys(out)) expect(paths.some((p) => p[0] === k)).toBe(true);
      }),
    );
  });

  it('applies a path through a list to each item, and leaves null and scalars on the way as they are', () => {
    const record = { id: 7, files: [{ url: 'u1', size: 1 }, { url: 'u2', size: 2 }, 'odd'], owner: null };
    expect(project(record, pathTree(['id', 'files.url', 'owner.name']))).toEqual({
      id: 7,
      files: [{ url: 'u1' }, { url: 'u2' }, 'odd'],
      owner: null,
    });
  });

  it('writes a key named __proto__ as data, never through the prototype', () => {
    const record = JSON.parse('{"__proto__": {"polluted": true}, "id": 1}') as Record<string, unknown>;
    const out = project(record, pathTree(['__proto__.polluted', 'id'])) as Record<string, unknown>;
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true},"id":1}');
  });
});
