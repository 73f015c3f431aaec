import { getOwnPath, setOwnPath } from '@switchyard/runtime/internal';
import type { EntitySchema, FieldRef } from './searchable-fields.js';

/**
 * What a hit's `data` holds: the record's searchable fields, or only the requested paths
 * (`profile.email` → `{profile: {email: …}}`). Paths that are absent from a record are left out.
 *
 * Path segments are the record's keys, whatever they are: `profile.__proto__.x` reads the record's
 * own `__proto__` key and writes it as an own key of the hit (the runtime's own-keys helpers), so a
 * record holding such a key comes back exactly and no request can reach Object.prototype.
 */
export function projectRecord(
  data: Record<string, unknown>,
  schema: EntitySchema,
  fields: readonly FieldRef[] | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Declared nested fields (`properties.email`) land at their place: {properties: {email}}.
  const paths = fields === null ? Object.keys(schema.fields).map((name) => name.split('.')) : fields.map((field) => field.path);
  for (const path of paths) {
    const value = getOwnPath(data, path);
    // `profile` and `profile.email` both requested: the whole object already holds the part.
    if (value !== undefined) setOwnPath(out, path, value, { existing: 'keep' });
  }
  return out;
}
