/**
 * One connector as the agent surface uses it, whichever mode runs it: what a model calls it
 * (`ref`), its package (metadata and schemas), and how to run an action. Open-source connectors
 * call the vendor with credentials from the caller; hosted ones post to the execution service.
 */
import type { ActionMetadata, ConnectorMetadata, ExecuteRequest, ExecuteResult } from '@switchyard/runtime';
import type { ConnectorPackage } from './connector-package.js';

/** Per call: why the agent asked (recorded by the service in hosted mode) and the caller's cancellation. */
export interface CallContext {
  readonly intent?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface AgentConnector {
  /** What a model passes as `connector`: the connector type in open-source mode, the connector id in hosted mode. */
  readonly ref: string;
  /** The connector type (the family name, `metadata.name`). */
  readonly type: string;
  /** Display name: the connector record's name in hosted mode, the family's title in open-source mode. */
  readonly name: string;
  readonly mode: 'open-source' | 'hosted';
  readonly package: ConnectorPackage;
  /**
   * The metadata calls run with: in open-source mode the one for the configured credential kind
   * (an action another kind runs differently, or not at all, is told apart here).
   */
  readonly metadata: ConnectorMetadata;
  /** Credentials this connector holds (open-source mode), kept out of every tool result. */
  readonly secrets?: readonly string[];
  execute(request: ExecuteRequest, context?: CallContext): Promise<ExecuteResult>;
}

/** Every action of a connector, entity by entity, in the metadata's order. */
export function actionsOf(metadata: ConnectorMetadata): ActionMetadata[] {
  return Object.values(metadata.actions).flatMap((actions) => Object.values(actions));
}

/** The action entity.action, own properties only; undefined when there is none. */
export function actionOf(metadata: ConnectorMetadata, entity: string, action: string): ActionMetadata | undefined {
  const actions = Object.hasOwn(metadata.actions, entity) ? metadata.actions[entity] : undefined;
  return actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
}
