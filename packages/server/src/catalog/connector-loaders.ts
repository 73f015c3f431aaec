// Generated from specs/*.yaml by the Switchyard generator. Do not edit: add or remove a spec and run pnpm generate.
/**
 * The connector packages built into this service, one loader per type (the family's
 * `metadata.name`): the `switchyard` CLI imports only the types a command names. The same set as
 * connector-packages.ts, which the service imports whole.
 */
import type { ConnectorPackage } from '@switchyard/runtime';

export const BUILT_IN_CONNECTOR_LOADERS: Readonly<Record<string, () => Promise<ConnectorPackage>>> = {
  'code-hosting': () => import('@switchyard/connector-code-hosting'),
  'conversation-intelligence': () => import('@switchyard/connector-conversation-intelligence'),
  crm: () => import('@switchyard/connector-crm'),
  'customer-messaging': () => import('@switchyard/connector-customer-messaging'),
  'issue-tracker': () => import('@switchyard/connector-issue-tracker'),
  messaging: () => import('@switchyard/connector-messaging'),
  recruiting: () => import('@switchyard/connector-recruiting'),
  'support-desk': () => import('@switchyard/connector-support-desk'),
};
