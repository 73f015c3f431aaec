/**
 * Migration 5: per-field dictionaries of distinct values, so `fuzzy` looks for similar values
 * among the distinct ones (a few thousand names) instead of rechecking every record that shares
 * trigrams with the query (every "… Smith" of a million users), then fetches only the records
 * holding a matching value through the field's string key btree.
 *
 * - sy_field_dictionaries: which (entity, field) pairs have a complete dictionary. A row is
 *   written by ensureSearchIndexes after it has backfilled the field, and the record store adds
 *   the values of these fields on every upsert; the search only uses a dictionary listed here.
 * - sy_field_values: the values (data->>field, whole, not null). Deletions leave values behind:
 *   a value no record holds any more matches no record, so it costs a lookup, never a wrong hit.
 *   Unique by md5(value) because a btree entry of a whole long value would not fit.
 */
export const FIELD_VALUES_SQL = `
CREATE TABLE sy_field_dictionaries (
  entity text NOT NULL,
  field  text NOT NULL,
  PRIMARY KEY (entity, field)
);

CREATE TABLE sy_field_values (
  tenant_id    text NOT NULL,
  connector_id text NOT NULL,
  entity       text NOT NULL,
  field        text NOT NULL,
  value        text NOT NULL
);

CREATE UNIQUE INDEX sy_field_values_unique ON sy_field_values (tenant_id, connector_id, entity, field, md5(value));
CREATE INDEX sy_field_values_trgm ON sy_field_values USING gin (value gin_trgm_ops);
`;
