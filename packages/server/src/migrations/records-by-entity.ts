/**
 * Migration 10: `sy_records` becomes a table partitioned by entity (search/indexes/entity-partitions.ts
 * says why). The records move into the default partition here, with their columns, keys and the
 * jsonb index as migration 1 made them; the old table goes, and with it every entity's partial
 * search indexes. At the next start the search index keeper gives each searchable entity of the
 * connector types in use its own partition (moving its records out of the default one) and builds
 * its indexes there, as it built them on the old table: a store of a million records spends about
 * as long on it as on building its indexes the first time.
 */
export const RECORDS_BY_ENTITY_SQL = `
ALTER TABLE sy_records RENAME TO sy_records_unpartitioned;
ALTER INDEX sy_records_pkey RENAME TO sy_records_unpartitioned_pkey;
ALTER INDEX sy_records_data_path_ops RENAME TO sy_records_unpartitioned_data_path_ops;

CREATE TABLE sy_records (
  tenant_id    text NOT NULL,
  connector_id text NOT NULL,
  entity       text NOT NULL,
  record_id    text COLLATE "C" NOT NULL,
  data         jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  synced_at    timestamptz NOT NULL DEFAULT now(),
  sync_run_id  text,
  PRIMARY KEY (tenant_id, connector_id, entity, record_id)
) PARTITION BY LIST (entity);

CREATE TABLE sy_records_default PARTITION OF sy_records DEFAULT;

CREATE INDEX sy_records_data_path_ops ON sy_records USING gin (data jsonb_path_ops);

INSERT INTO sy_records (tenant_id, connector_id, entity, record_id, data, updated_at, synced_at, sync_run_id)
  SELECT tenant_id, connector_id, entity, record_id, data, updated_at, synced_at, sync_run_id FROM sy_records_unpartitioned;

DROP TABLE sy_records_unpartitioned;
`;
