/**
 * The synced copy's table, `sy_records`, is partitioned by entity (migration 10): each searchable
 * entity's records live in a partition of their own, which holds that entity's search indexes, and
 * every other entity's records in `sy_records_default`.
 *
 * Why: PostgreSQL plans a statement against every index of the table it names, and writes a row
 * into every index whose predicate the row meets after testing each predicate. Every searchable
 * field of every entity gets several indexes (about 1,300 for the eight connector types), and when
 * they were partial indexes of one table each upsert, lookup and search paid for all of them
 * (`pnpm bench records-many-types`, 2026-11-27: the same `users` work took 4.94× the CPU with
 * every type's indexes present than with only the users entity's; 1.11× with partitions). Every
 * statement the service runs on the copy names its entity (the scope holds it), so the planner
 * prunes it to that entity's partition, whose indexes are the only ones it sees; the cost of a
 * statement no longer grows with the number of connector types in use.
 */
import type { SqlRunner } from '../../store/sql-engine.js';
import { isSafeSegment } from '../query/searchable-fields.js';
import { foldedName, nameHash } from './object-names.js';

/** The partition that holds every entity without one of its own (created by migration 10). */
export const DEFAULT_PARTITION = 'sy_records_default';

/** The name of `entity`'s partition (object-names.ts says how names are made). */
export function partitionName(entity: string): string {
  return `sy_records_${foldedName(entity)}_${nameHash(entity)}`;
}

/**
 * Creates `entity`'s partition when it has none, moving its records out of the default partition,
 * and returns the partition's name. The caller holds the search indexes' advisory lock, so two
 * processes never create one partition together; the default partition is locked before the rows
 * move, so no writer adds one of the entity's records to it before the partition is attached.
 * `entity` is a plain identifier (EntitySchema checks it), so it is safe as a literal.
 */
export async function ensureEntityPartition(tx: SqlRunner, entity: string): Promise<string> {
  if (!isSafeSegment(entity)) throw new TypeError(`entity name ${JSON.stringify(entity)} is not a plain identifier`);
  const name = partitionName(entity);
  const existing = await tx.query(
    `SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'sy_records'::regclass AND c.relname = $1`,
    [name],
  );
  if (existing.length > 0) return name;
  await tx.exec(`LOCK TABLE ${DEFAULT_PARTITION} IN ACCESS EXCLUSIVE MODE`);
  await tx.exec(`CREATE TABLE ${name} (LIKE sy_records INCLUDING DEFAULTS)`);
  await tx.exec(
    `WITH moved AS (DELETE FROM ${DEFAULT_PARTITION} WHERE entity = '${entity}' RETURNING *)
     INSERT INTO ${name} SELECT * FROM moved`,
  );
  // Attaching builds the partition's primary key and jsonb index from the parent's.
  await tx.exec(`ALTER TABLE sy_records ATTACH PARTITION ${name} FOR VALUES IN ('${entity}')`);
  return name;
}
