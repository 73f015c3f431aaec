// Generated from specs/*.yaml by the Switchyard generator. Do not edit: add or remove a spec and run pnpm generate.
/**
 * The connector packages built into this service: one per spec in specs/ (an operator adds others
 * with --connector-package, see load-packages.ts). Everything else (validation, execution, search,
 * the connector-types listing) is derived from what each package exports.
 */
import type { ConnectorPackage } from '@switchyard/runtime';
import * as codeHostingPackage from '@switchyard/connector-code-hosting';
import * as conversationIntelligencePackage from '@switchyard/connector-conversation-intelligence';
import * as crmPackage from '@switchyard/connector-crm';
import * as customerMessagingPackage from '@switchyard/connector-customer-messaging';
import * as issueTrackerPackage from '@switchyard/connector-issue-tracker';
import * as messagingPackage from '@switchyard/connector-messaging';
import * as recruitingPackage from '@switchyard/connector-recruiting';
import * as supportDeskPackage from '@switchyard/connector-support-desk';

export const CONNECTOR_PACKAGES: readonly ConnectorPackage[] = [
  codeHostingPackage,
  conversationIntelligencePackage,
  crmPackage,
  customerMessagingPackage,
  issueTrackerPackage,
  messagingPackage,
  recruitingPackage,
  supportDeskPackage,
];
