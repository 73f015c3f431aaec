import type { SqlRunner } from '../../store/sql-engine.js';

/**
 * Dictionaries of distinct field values (tables of migration 5, see
 * `src/migrations/field-values.ts`): what keeps them complete and what the search asks of them.
 *
 * Complete means: every value `data->>field` of every record of a registered (entity, field) is
 * in sy_field_values. The registration and its backfill hold this lock exclusively, and every
 * upsert holds it shared while it writes records and their values, so no record can commit
 * between the backfill's snapshot and the registration without its values.
 */
const FIELD_VALUES_LOCK = `hashtext('switchyard:field-values')`;

/** Fields of the entity whose dictionary is complete. */
export async function dictionaryFields(runner: SqlRunner, entity: string): Promise<Set<string>> {
  const rows = await runner.query<{ field: string }>('SELECT field FROM sy_field_dictionaries WHERE entity = $1', [entity]);
  return new Set(rows.map((row) => row.field));
}

/**
 * Takes the lock exclusively for the rest of the caller's transaction. ensureSearchIndexes takes
 * it before its CREATE INDEX statements: an upsert holds it shared before it touches sy_records,
 * so taking it after the index builds' table lock could deadlock with one.
 */
export async function lockFieldDictionariesExclusively(tx: SqlRunner): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${FIELD_VALUES_LOCK})`);
}

/**
 * Registers the fields' dictionaries, backfilling each from the records already stored (once:
 * a registered field is skipped), and drops those of the entity's other fields. Runs inside the caller's transaction, which must hold the
 * lock exclusively (lockFieldDictionariesExclusively).
 */
export async function ensureFieldDictionaries(tx: SqlRunner, entity: string, fields: readonly string[]): Promise<void> {
  const registered = await dictionaryFields(tx, entity);
  // A field no longer asked for stops being maintained, and its values go.
  for (const field of registered) {
    if (fields.includes(field)) continue;
    await tx.query('DELETE FROM sy_field_dictionaries WHERE entity = $1 AND field = $2', [entity, field]);
    await tx.query('DELETE FROM sy_field_values WHERE entity = $1 AND field = $2', [entity, field]);
  }
  const missing = fields.filter((field) => !registered.has(field));
  if (missing.length === 0) return;
  // Every missing field in one pass over the entity's records, not one pass per field: each pass
  // reads every record of the entity, every tenant's (the entity's whole partition).
  const missingJson = JSON.stringify(missing);
  await tx.query(
    `INSERT INTO sy_field_values (tenant_id, connector_id, entity, field, value)
     SELECT DISTINCT r.tenant_id, r.connector_id, r.entity, f.field, r.data ->> f.field
       FROM sy_records r
       CROSS JOIN jsonb_array_elements_text($2::jsonb) AS f(field)
      WHERE r.entity = $1 AND r.data ->> f.field IS NOT NULL
     ON CONFLICT (tenant_id, connector_id, entity, field, md5(value)) DO NOTHING`,
    [entity, missingJson],
  );
  await tx.query(
    'INSERT INTO sy_field_dictionaries (entity, field) SELECT $1, f.field FROM jsonb_array_elements_text($2::jsonb) AS f(field)',
    [entity, missingJson],
  );
  // Without statistics the planner would guess the new rows' count (PGlite has no autovacuum).
  await tx.exec('ANALYZE sy_field_values');
}

/**
 * For the record store's upsert, inside its transaction and before its records are written:
 * takes the shared lock and returns the entity's dictionary fields (empty: nothing to maintain).
 */
export async function lockFieldDictionaries(tx: SqlRunner, entity: string): Promise<string[]> {
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${FIELD_VALUES_LOCK})`);
  return [...(await dictionaryFields(tx, entity))];
}

/**
 * Adds the values of `fields` in a batch of records (`records`: the JSON array the upsert
 * sends, objects with a `data` member). Values already present are kept as they are.
 */
export async function addFieldValues(
  tx: SqlRunner,
  scope: { tenantId: string; connectorId: string; entity: string },
  fields: readonly string[],
  records: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO sy_field_values (tenant_id, connector_id, entity, field, value)
     SELECT DISTINCT $1::text, $2::text, $3::text, f.field, x.data ->> f.field
       FROM jsonb_to_recordset($4::jsonb) AS x(data jsonb)
       CROSS JOIN jsonb_array_elements_text($5::jsonb) AS f(field)
      WHERE x.data ->> f.field IS NOT NULL
     ON CONFLICT (tenant_id, connector_id, entity, field, md5(value)) DO NOTHING`,
    [scope.tenantId, scope.connectorId, scope.entity, records, JSON.stringify(fields)],
  );
}

/** Drops a connector's values (its records are being deleted). */
export async function deleteFieldValues(tx: SqlRunner, tenantId: string, connectorId: string): Promise<void> {
  await tx.query('DELETE FROM sy_field_values WHERE tenant_id = $1 AND connector_id = $2', [tenantId, connectorId]);
}
