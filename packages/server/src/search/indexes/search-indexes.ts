import type { SqlEngine } from '../../store/sql-engine.js';
import { STRING_KEY_CHARS, jsonKey, lowerKey, stringKey, textAt, tsvectorOf } from '../plan/field-sql.js';
import type { EntitySchema } from '../query/searchable-fields.js';
import { ensureFieldDictionaries, lockFieldDictionariesExclusively } from '../dictionary/field-dictionary.js';
import { ensureEntityPartition, partitionName } from './entity-partitions.js';
import { foldedName, nameHash } from './object-names.js';

export interface SearchIndexOptions {
  /**
   * String fields that get text indexes (trigram for fuzzy and like, tsvector for keyword).
   * Default: every declared string field. Each index costs ingest time, so an operator may
   * narrow this to the fields people actually search as text.
   */
  readonly textFields?: readonly string[];
  /**
   * Text fields whose `fuzzy` searches go through a dictionary of their distinct values (see
   * `src/search/dictionary/field-dictionary.ts`). Default: every text field. Worth it for short values that
   * repeat (names, titles); a free-text field whose values are nearly all distinct gains nothing
   * and doubles its ingest cost, so an operator may leave it out.
   */
  readonly fuzzyDictionaryFields?: readonly string[];
}

/**
 * Index statements for one entity, derived from its searchable fields. All are on the entity's
 * partition of `sy_records` (entity-partitions.ts), so an entity's indexes only hold its own rows
 * and no other entity's statements plan against them, and lead with (tenant_id, connector_id)
 * where the index type allows, so a scan stays inside one tenant.
 *
 * - integer/number/boolean fields: btree on the jsonb value (range, sort, keyset seek);
 * - string fields: btree on the first STRING_KEY_CHARS characters, C-collated (range, sort, seek),
 *   and on lower() of them (prefix like); whole values would not fit a btree entry;
 * - text fields (see options): GIN gin_trgm_ops (fuzzy, infix like) and GIN tsvector (keyword).
 * eq/in/contains on any field, declared or nested, use the table's jsonb_path_ops GIN index.
 */
/**
 * String key indexes are named after the key length: indexes of whole values (which made the
 * upsert of a long value fail) keep their old names, so the bounded ones are built next to them
 * and migration 4 drops the old ones.
 */
const STRING_KEY_KIND = `key${STRING_KEY_CHARS}`;
const LOWER_KEY_KIND = `lower${STRING_KEY_CHARS}`;
type IndexKind = 'key' | 'trgm' | 'tsv' | typeof STRING_KEY_KIND | typeof LOWER_KEY_KIND;

export function searchIndexStatements(schema: EntitySchema, options: SearchIndexOptions = {}): string[] {
  const statements: string[] = [];
  const partition = partitionName(schema.entity);
  const add = (field: string, kind: IndexKind, body: string): void => {
    statements.push(`CREATE INDEX IF NOT EXISTS ${indexName(schema.entity, field, kind)} ON ${partition} ${body}`);
  };
  const textFields = textFieldsOf(schema, options);
  for (const name of Object.keys(schema.fields).sort()) {
    const type = schema.fields[name]!;
    // Declared nested fields (`properties.email`) are indexed on their path like top-level ones.
    const path = name.split('.');
    if (type === 'integer' || type === 'number' || type === 'boolean') {
      add(name, 'key', `(tenant_id, connector_id, (${jsonKey('data', path)}), record_id)`);
    }
    if (type === 'string') {
      add(name, STRING_KEY_KIND, `(tenant_id, connector_id, ${stringKey('data', path)}, record_id)`);
      add(name, LOWER_KEY_KIND, `(tenant_id, connector_id, ${lowerKey('data', path)}, record_id)`);
    }
    if (textFields.has(name) && type === 'string') {
      add(name, 'trgm', `USING gin (${textAt('data', path)} gin_trgm_ops)`);
      add(name, 'tsv', `USING gin ((${tsvectorOf('data', { name, path, type })}))`);
    }
  }
  return statements;
}

function textFieldsOf(schema: EntitySchema, options: SearchIndexOptions): Set<string> {
  return new Set(options.textFields ?? Object.keys(schema.fields).filter((f) => schema.fields[f] === 'string'));
}

/** The text fields (declared strings) that get a dictionary of distinct values. */
export function fuzzyDictionaryFieldsOf(schema: EntitySchema, options: SearchIndexOptions = {}): string[] {
  const textFields = textFieldsOf(schema, options);
  const wanted = options.fuzzyDictionaryFields ?? [...textFields];
  // Dictionaries hold `data ->> field` values: top-level fields only (nested ones use the trigram index).
  return wanted.filter((f) => textFields.has(f) && schema.fields[f] === 'string' && !f.includes('.')).sort();
}

/**
 * Creates the entity's partition and indexes when missing, and the dictionaries of distinct values
 * of its fuzzy fields (backfilled from the stored records the first time: about a minute for a
 * million records); safe to call at every start. Serialised by an advisory lock because concurrent
 * `CREATE INDEX IF NOT EXISTS` of one name can still collide.
 */
export async function ensureSearchIndexes(engine: SqlEngine, schema: EntitySchema, options: SearchIndexOptions = {}): Promise<void> {
  await ensureEntityIndexes(engine, [schema], options);
}

/**
 * The indexes and field dictionaries of one entity name that several connector types share
 * (`users` of messaging, Gong, Zendesk, …: their records are all rows with that entity): the union
 * of what each schema asks for. Ensuring them one schema at a time would make each drop the
 * others' dictionaries and rebuild its own, on every start.
 */
export async function ensureEntityIndexes(
  engine: SqlEngine,
  schemas: readonly EntitySchema[],
  options: SearchIndexOptions = {},
): Promise<void> {
  const entity = schemas[0]?.entity;
  if (entity === undefined) return;
  if (schemas.some((schema) => schema.entity !== entity)) throw new TypeError('ensureEntityIndexes: the schemas name different entities');
  const statements = [...new Set(schemas.flatMap((schema) => searchIndexStatements(schema, options)))];
  const dictionaryFields = [...new Set(schemas.flatMap((schema) => fuzzyDictionaryFieldsOf(schema, options)))].sort();
  await engine.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('switchyard:search-indexes'))`);
    await lockFieldDictionariesExclusively(tx);
    await ensureEntityPartition(tx, entity);
    for (const statement of statements) await tx.exec(statement);
    await ensureFieldDictionaries(tx, entity, dictionaryFields);
  });
}

/**
 * The name of an entity's index on a field (object-names.ts says how names are made; word-share.ts
 * reads pg_stats by it).
 */
export function indexName(entity: string, field: string, kind: IndexKind): string {
  return `${foldedName(`sy_${entity}_${field}`)}_${kind}_${nameHash(`${entity}\0${field}\0${kind}`)}`;
}
