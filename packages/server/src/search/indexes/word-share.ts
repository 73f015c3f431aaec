import type { SqlRunner } from '../../store/sql-engine.js';
import { indexName } from './search-indexes.js';
import type { FieldRef } from '../query/searchable-fields.js';

/**
 * The estimated share (0..1) of an entity's records that hold any of the words of `text` in
 * `field`, from the most-common-lexeme statistics ANALYZE (and autovacuum) keeps for the field's
 * tsvector index. 0 when unknown: no index, no statistics yet, or words too rare to be listed.
 * The statistics cover every tenant's records of the entity; they only choose a plan, and the
 * answer is never shown to anyone.
 */
export async function estimatedWordShare(db: SqlRunner, entity: string, field: FieldRef, text: string): Promise<number> {
  if (field.type !== 'string' || field.path.length !== 1) return 0;
  const rows = await db.query<{ share: number | string | null }>(
    `SELECT (1 - exp(sum(ln(1 - LEAST(f.freq, 0.999)))))::float8 AS share
       FROM pg_stats s
       CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS f(word, freq)
      WHERE s.schemaname = current_schema() AND s.tablename = $1
        AND f.word IN (SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, $2))))`,
    [indexName(entity, field.name, 'tsv'), text],
  );
  const share = Number(rows[0]?.share ?? 0);
  return Number.isFinite(share) ? share : 0;
}
