/**
 * Which entities' search indexes exist, and building the missing ones when they are needed.
 *
 * Every searchable field of every entity gets indexes on the entity's partition of the records
 * table (entity-partitions.ts; about 1,300 for the eight connector types), and on a large table
 * each costs a full scan to build. So they are built for the entities of connector types in use:
 * at start for the types that have connectors, and before the first sync of an entity of a type
 * that did not (a search waits for that sync anyway). Entities that several types share (`users`)
 * get the union of their fields.
 */
import type { SqlEngine } from '../../store/sql-engine.js';
import { ensureEntityIndexes } from './search-indexes.js';
import type { EntitySchema } from '../query/searchable-fields.js';

export interface IndexedFamily {
  readonly name: string;
  readonly entities: readonly EntitySchema[];
}

export class SearchIndexKeeper {
  readonly #engine: SqlEngine;
  readonly #schemasByEntity = new Map<string, EntitySchema[]>();
  readonly #entitiesByFamily = new Map<string, string[]>();
  /** Per process: an entity is ensured once (the statements are idempotent; this saves the round trips). */
  readonly #ensured = new Map<string, Promise<void>>();

  constructor(engine: SqlEngine, families: readonly IndexedFamily[]) {
    this.#engine = engine;
    for (const family of families) {
      this.#entitiesByFamily.set(
        family.name,
        family.entities.map((schema) => schema.entity),
      );
      for (const schema of family.entities) {
        const shared = this.#schemasByEntity.get(schema.entity) ?? [];
        shared.push(schema);
        this.#schemasByEntity.set(schema.entity, shared);
      }
    }
  }

  /** The indexes of every searchable entity of these connector types. */
  async ensureFamilies(families: Iterable<string>): Promise<void> {
    const entities = new Set([...families].flatMap((family) => this.#entitiesByFamily.get(family) ?? []));
    for (const entity of [...entities].sort()) await this.ensureEntity(entity);
  }

  /** The indexes of one entity (a no-op for an entity nothing searches). */
  ensureEntity(entity: string): Promise<void> {
    const schemas = this.#schemasByEntity.get(entity);
    if (!schemas) return Promise.resolve();
    let ensured = this.#ensured.get(entity);
    if (!ensured) {
      ensured = ensureEntityIndexes(this.#engine, schemas);
      this.#ensured.set(entity, ensured);
      // A failure is not remembered: the next caller tries again.
      ensured.catch(() => this.#ensured.delete(entity));
    }
    return ensured;
  }

  /** The connector types that have at least one connector (their indexes are built at start). */
  async familiesInUse(): Promise<string[]> {
    const rows = await this.#engine.query<{ connector_type: string }>('SELECT DISTINCT connector_type FROM sy_connectors');
    return rows.map((row) => row.connector_type).sort();
  }
}

/**
 * What the keeper reads of the service's catalog (catalog/catalog.ts, ConnectorCatalog): each
 * connector type's searchable entities. Stated here so search does not depend on the catalog,
 * which depends on search for EntitySchema.
 */
export interface SearchableCatalog {
  families(): readonly {
    readonly name: string;
    readonly searchableFields: Readonly<Record<string, unknown>>;
    entitySchema(entity: string): EntitySchema | undefined;
  }[];
}

/** The keeper over every connector type of the catalog. */
export function searchIndexKeeper(engine: SqlEngine, catalog: SearchableCatalog): SearchIndexKeeper {
  return new SearchIndexKeeper(
    engine,
    catalog.families().map((family) => ({
      name: family.name,
      entities: Object.keys(family.searchableFields)
        .sort()
        .flatMap((entity) => family.entitySchema(entity) ?? []),
    })),
  );
}
