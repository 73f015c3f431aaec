import type { EntitySchema, FieldRef } from './searchable-fields.js';

/**
 * What a hit's `data` holds: the record's searchable fields, or only the requested paths
 * (`profile.email` → `{profile: {email: …}}`). Paths that are absent from a record are left out.
 */
export function projectRecord(
  data: Record<string, unknown>,
  schema: EntitySchema,
  fields: readonly FieldRef[] | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (fields === null) {
    // Declared nested fields (`properties.email`) land at their place: {properties: {email}}.
    for (const name of Object.keys(schema.fields)) {
      const path = name.split('.');
      const value = valueAt(data, path);
      if (value !== undefined) setAt(out, path, value);
    }
    return out;
  }
  for (const field of fields) {
    const value = valueAt(data, field.path);
    if (value !== undefined) setAt(out, field.path, value);
  }
  return out;
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    // `profile` and `profile.email` both requested: the whole object already holds the part.
    if (next !== null && typeof next === 'object' && !Array.isArray(next)) current = next as Record<string, unknown>;
    else if (next === undefined) current = current[key] = {};
    else return;
  });
}
