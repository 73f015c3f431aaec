/**
 * `fields`: a record reduced to the given dot paths ("id", "profile.email"). A path through a list
 * applies to each of its items ("attachments.url" keeps each attachment's url), a missing path is
 * simply absent, and keys are own properties only, so a path naming `__proto__` or `constructor`
 * reads and writes the record's own key of that name.
 */
import { getOwn, setOwn } from '@switchyard/runtime/internal';

type PathTree = Map<string, PathTree | true>;

/** The paths as a tree; a path that is a prefix of another keeps the whole value (`profile` wins over `profile.email`). */
export function pathTree(paths: readonly string[]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    const keys = path.split('.');
    let node = root;
    for (const [i, key] of keys.entries()) {
      const existing = node.get(key);
      if (existing === true) break;
      if (i === keys.length - 1) {
        node.set(key, true);
        break;
      }
      let child = existing;
      if (!child) {
        child = new Map();
        node.set(key, child);
      }
      node = child;
    }
  }
  return root;
}

export function project(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, tree));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of tree) {
    const field = getOwn(value, key);
    if (field === undefined && !Object.hasOwn(value, key)) continue;
    setOwn(out, key, child === true ? field : project(field, child));
  }
  return out;
}

/** Problems with `fields` paths (empty segments), as validation issues. */
export function fieldPathIssues(paths: readonly string[], argument = 'fields'): { path: string; rule: string; message: string }[] {
  return paths.flatMap((path, i) =>
    path.split('.').some((segment) => segment === '')
      ? [{ path: `${argument}[${i}]`, rule: 'path', message: `"${path}" is not a dot path: it has an empty segment` }]
      : [],
  );
}
