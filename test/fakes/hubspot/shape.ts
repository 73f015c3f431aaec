/**
 * A record as HubSpot v3 renders it: the asked properties (or the type's default set), plus
 * `hs_object_id`, `createdate` and `lastmodifieddate`-style stamps that HubSpot always adds;
 * unknown property names are ignored. Associations and property history only when asked for.
 */
import type { CrmRecord, Json, ObjectType } from './data.js';

export interface ShapeOptions {
  properties?: string[] | undefined;
  propertiesWithHistory?: string[] | undefined;
  associations?: string[] | undefined;
  /** The types by name, to resolve association type names. */
  typeOf?: (name: string) => ObjectType | undefined;
}

const ALWAYS = ['createdate', 'hs_createdate', 'hs_lastmodifieddate', 'lastmodifieddate', 'hs_object_id'];

export function shapeRecord(type: ObjectType, record: CrmRecord, options: ShapeOptions): Json {
  const wanted = options.properties ? [...new Set([...options.properties, ...ALWAYS])] : type.defaultProperties;
  const properties = Object.fromEntries(
    wanted.filter((name) => Object.hasOwn(record.properties, name)).map((name) => [name, record.properties[name] ?? null]),
  );
  const out: Json = { id: record.id, properties, createdAt: record.createdAt, updatedAt: record.updatedAt, archived: record.archived };
  if (record.archivedAt) out['archivedAt'] = record.archivedAt;
  if (options.propertiesWithHistory?.length) {
    out['propertiesWithHistory'] = Object.fromEntries(
      options.propertiesWithHistory
        .filter((name) => Object.hasOwn(record.properties, name))
        .map((name) => [
          name,
          record.history[name] ?? [{ value: record.properties[name] ?? null, timestamp: record.updatedAt, sourceType: 'CRM_UI' }],
        ]),
    );
  }
  if (options.associations?.length) {
    const associations: Json = {};
    for (const asked of options.associations) {
      const name = options.typeOf?.(asked)?.name ?? asked;
      const ids = record.associations[name];
      if (!ids?.length) continue;
      const target = options.typeOf?.(name)?.singular ?? name.replace(/s$/, '');
      // HubSpot v3 lists an associated record once per association label: every association has
      // the unlabeled type, and the first (primary) one also its labeled type, listed first.
      associations[name] = {
        results: ids.flatMap((id, i) => [
          ...(i === 0 ? [{ id, type: `${type.singular}_to_${target}` }] : []),
          { id, type: `${type.singular}_to_${target}_unlabeled` },
        ]),
      };
    }
    if (Object.keys(associations).length) out['associations'] = associations;
  }
  return out;
}
