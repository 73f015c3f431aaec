/**
 * @switchyard/server — the execution service's foundation: the synced-copy store (PGlite or
 * PostgreSQL, one dialect), its migrations, and the search compiler over it.
 */
export type { SqlEngine, SqlRunner, SqlParam } from './store/sql-engine.js';
export { openPgliteEngine, type PgliteEngineOptions } from './store/pglite-engine.js';
export { openPostgresEngine, type PostgresEngineOptions } from './store/postgres-engine.js';
export { openSqlEngine, type EngineSettings } from './store/open-engine.js';
export type { ConnectorScope, EntityScope } from './store/scope.js';
export { RecordStore, type SyncedRecord, type StoredRecord, type UpsertOptions } from './store/record-store.js';
export { CheckpointStore, type SyncCheckpoint, type SyncStatus, type RunCounts } from './store/checkpoint-store.js';
export { migrate, SchemaTooNewError } from './migrations/migrate.js';
export { MIGRATIONS, type Migration } from './migrations/migrations.js';
export { EntitySchema, type SearchableFields, type SearchableFieldType, type FieldRef } from './search/searchable-fields.js';
export type { FilterNode, JsonValue, SortKey } from './search/filter-ast.js';
export { OPERATORS } from './search/filter-ast.js';
export { parseSearchParams, SEARCH_LIMITS, type ParsedSearch } from './search/parse-search.js';
export { FILTER_LIMITS } from './search/parse-filter.js';
export { CursorCodec, InvalidCursorError, type CursorPosition } from './search/cursor.js';
export { RecordSearch, type SearchHit, type SearchResponse, type RecordSearchOptions } from './search/search-records.js';
export { planSearch, searchMode, RANKING_CANDIDATE_CAP, type SearchPlan, type SearchMode } from './search/search-plan.js';
export { searchIndexStatements, ensureSearchIndexes, type SearchIndexOptions } from './search/search-indexes.js';
