/**
 * @switchyard/server — the execution service's foundation: the synced-copy store (PGlite or
 * PostgreSQL, one dialect), its migrations, and the search compiler over it.
 */
export type { SqlEngine, SqlRunner, SqlParam } from './store/sql-engine.js';
export { dumpPgliteDataDir, openPgliteEngine, type PgliteEngineOptions } from './store/pglite-engine.js';
export { openPostgresEngine, type PostgresEngineOptions } from './store/postgres-engine.js';
export { openSqlEngine, type EngineSettings } from './store/open-engine.js';
export type { ConnectorScope, EntityScope } from './store/scope.js';
export {
  RecordStore,
  type SyncedRecord,
  type StoredRecord,
  type UpsertOptions,
  type UpsertReport,
  type RecordProblem,
} from './sync/record-store.js';
export { UnstorableTextError } from './store/sql-text.js';
export { migrate, SchemaTooNewError } from './migrations/migrate.js';
export { MIGRATIONS, type Migration } from './migrations/migrations.js';
export { EntitySchema, type SearchableFields, type SearchableFieldType, type FieldRef } from './search/query/searchable-fields.js';
export type { FilterNode, JsonValue, SortKey } from './search/query/filter-ast.js';
export { OPERATORS } from './search/query/filter-ast.js';
// The search language's limits are the runtime's (core/search/language.ts); re-exported for callers of the store.
export { SEARCH_LIMITS } from '@switchyard/runtime/internal';
export { parseSearchParams, type ParsedSearch } from './search/query/parse-search.js';
export { CursorCodec, InvalidCursorError, type CursorPosition } from './search/query/cursor.js';
export { RecordSearch, type SearchHit, type SearchResponse, type RecordSearchOptions, type SearchCall } from './search/search-records.js';
export { defaultSearchLimits, type SearchLimits } from './search/limits/search-limits.js';
export { SearchTimeoutError } from './search/limits/search-deadline.js';
export { FairQueue, TenantQueueFullError, type FairQueueLimits, type FairQueueOptions } from './search/limits/fair-queue.js';
export {
  planSearch,
  searchMode,
  RANKING_CANDIDATE_CAP,
  KEYWORD_RANKING_CAP,
  COMMON_WORDS_SHARE,
  COMMON_WORDS_RANKING_CAP,
  FUZZY_THRESHOLD,
  FUZZY_THRESHOLD_TIERS,
  type SearchPlan,
  type SearchMode,
  type PlanOptions,
} from './search/plan/search-plan.js';
export { estimatedWordShare } from './search/indexes/word-share.js';
export { searchIndexStatements, ensureSearchIndexes, type SearchIndexOptions } from './search/indexes/search-indexes.js';
export { partitionName } from './search/indexes/entity-partitions.js';
export { createKeyRing, KeyRing, type KeyRingOptions } from './crypto/key-ring.js';
export { EnvelopeError, ENVELOPE_VERSION, type EnvelopeFailure } from './crypto/envelope.js';
export { parseMasterKeys, DEFAULT_KEY_ID, type MasterKey } from './crypto/master-key.js';
export { KEY_FILE_NAME } from './crypto/key-file.js';
export { createTenancy, type StoredTenancy, type TenancyOptions, type DeletedApplication } from './tenancy/tenancy.js';
export { TOKEN_TTL_SECONDS } from './tenancy/tokens.js';
export { createConnectorRepository, type StoredConnectorRepository } from './tenancy/connector-repository.js';
export { rotateCredentials, type RotationOptions, type RotationProgress, type RotationResult } from './tenancy/credential-rotation.js';
export { ServiceError, type ServiceErrorExtra } from './service-error.js';
export { untilShutdownSignal, type ShutdownSignalOptions } from './shutdown-signal.js';
export { tuneServiceProcess } from './process-tuning.js';
export type * from './service-types.js';
export { createSyncService, type SyncServiceOptions, type SyncScheduleOptions } from './sync/sync-service.js';
export type { FairShareOptions } from './sync/fair-share.js';
export type { WorkerTimings } from './sync/worker-registry.js';
export { runWorker, type RunWorkerOptions, type RunningWorker } from './sync/run-worker.js';
export type { EntitySyncRule, SyncRules, SyncCatalog, SyncableMetadata, TimeFormat } from './sync/sync-rules.js';
export { SyncRecordError } from './sync/sync-errors.js';
export { SyncStateStore, type EntityRunState, type RunMode } from './sync/sync-state-store.js';
export {
  createExecution,
  executionTransport,
  DEFAULT_VENDOR_TIMEOUT_MS,
  DEFAULT_MAX_RETRY_AFTER_MS,
  type Execution,
  type ExecutionOptions,
  type ExecuteOutcome,
  type ExecuteJson,
  type ExecuteStream,
} from './execution/create-execution.js';
export {
  createCatalog,
  describeConnectorType,
  type ConnectorCatalog,
  type ConnectorFamily,
  type ConnectorPackage,
  type ConnectorTypeView,
} from './catalog/catalog.js';
export { CONNECTOR_PACKAGES } from './catalog/connector-packages.js';
export {
  catalogWithPlugins,
  loadConnectorPackages,
  type ConnectorPackageSource,
  type LoadedConnectorPackage,
} from './catalog/load-packages.js';
export { checkVendorBaseUrls } from './catalog/vendor-base-urls.js';
export {
  buildServiceParts,
  buildWorkerParts,
  checkStartup,
  type CoreParts,
  type PartsSettings,
  type ServiceParts,
  type Startup,
  type StartupSettings,
  type WorkerSettings,
} from './compose.js';
export { ExecutorPool, type ExecutorPoolOptions, type ExecutorTransport } from './execution/executor-pool.js';
export { ConnectorValidator, type NewConnectorInput, type ValidConnectorInput } from './execution/validate-connector.js';
export { problemFromError, problemHeaders } from './execution/problem-from-error.js';
export { startService, type RunningService, type StartOptions } from './service.js';
export { loadConfig, DEFAULT_LIMITS, type ServiceConfig, type HttpLimits, type SearchSettings, type SyncSettings } from './config.js';
export { createApp, REDACTED_LOG_PATHS, type AppDeps, type LogSettings } from './http/app.js';
export { toProblem, PROBLEM_CODES, PROBLEM_CONTENT_TYPE } from './http/problem.js';
