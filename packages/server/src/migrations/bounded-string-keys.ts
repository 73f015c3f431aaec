/**
 * Migration 4. Search indexes on string fields used to key whole values; a value longer than a
 * btree entry allows (about 2.7 kB: an issue description, a comment body) then made its upsert
 * fail, and with it every sync of that entity. `ensureSearchIndexes` now builds bounded keys
 * (the first 256 characters, see `src/search/plan/field-sql.ts`) under new names; this drops the old
 * whole-value ones, recognised by their definition: a C-collated `->>` key without `left(`.
 */
export const BOUNDED_STRING_KEYS_SQL = `
DO $do$
DECLARE
  old_index record;
BEGIN
  FOR old_index IN
    SELECT schemaname, indexname FROM pg_indexes
     WHERE tablename = 'sy_records'
       AND schemaname = current_schema()
       AND indexdef LIKE '%->>%'
       AND indexdef LIKE '%COLLATE "C"%'
       -- pg_indexes prints the function as "left"(…): a keyword, quoted
       AND indexdef !~ 'left"?\\('
       AND indexdef NOT LIKE '%USING gin%'
  LOOP
    EXECUTE format('DROP INDEX %I.%I', old_index.schemaname, old_index.indexname);
  END LOOP;
END
$do$;
`;
