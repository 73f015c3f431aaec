/**
 * Which entities of a connector fill a synced copy, and how: the spec declares it per entity
 * (`sync:`), the generator emits it into the connector's metadata (`metadata.sync`). For a package
 * generated before that declaration existed, every entity with a `search` action and a `list`
 * action that needs no parameter is fully refreshed through that list.
 */
import type { ActionMetadata, ConnectorMetadata, EntitySyncRule, TimestampFormat } from '@switchyard/runtime';

export type { EntitySyncRule };
export type TimeFormat = TimestampFormat;
export type SyncRules = Readonly<Record<string, EntitySyncRule>>;
export type SyncableMetadata = ConnectorMetadata;

/** Connector metadata by family (`messaging`, `recruiting`, …). */
export type SyncCatalog = ReadonlyMap<string, SyncableMetadata>;

/** The entities a connector syncs and their rules, in entity name order. */
export function syncRulesOf(metadata: SyncableMetadata): [string, EntitySyncRule][] {
  const rules: [string, EntitySyncRule][] = metadata.sync ? Object.entries(metadata.sync) : derivedRules(metadata);
  return rules.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function derivedRules(metadata: SyncableMetadata): [string, EntitySyncRule][] {
  const derived: [string, EntitySyncRule][] = [];
  for (const [entity, actions] of Object.entries(metadata.actions)) {
    const hasSearch = Object.values(actions).some((a) => a.kind === 'search');
    const list = Object.values(actions).find((a) => a.kind === 'list' && !hasRequiredParam(a));
    if (hasSearch && list) derived.push([entity, { action: list.action, idField: 'id' }]);
  }
  return derived;
}

function hasRequiredParam(action: ActionMetadata): boolean {
  return Object.values(action.params).some((p) => p.required === true && p.default === undefined);
}
