/**
 * The connector packages this service can run, in one list. Adding a connector to the service is
 * one import and one entry here; everything else (validation, execution, search, the
 * connector-types listing) is derived from what each generated package exports.
 */
import * as codeHosting from '@switchyard/connector-code-hosting';
import * as conversationIntelligence from '@switchyard/connector-conversation-intelligence';
import * as crm from '@switchyard/connector-crm';
import * as customerMessaging from '@switchyard/connector-customer-messaging';
import * as issueTracker from '@switchyard/connector-issue-tracker';
import * as messaging from '@switchyard/connector-messaging';
import * as recruiting from '@switchyard/connector-recruiting';
import * as supportDesk from '@switchyard/connector-support-desk';
import type { ConnectorPackage } from './catalog.js';

export const CONNECTOR_PACKAGES: readonly ConnectorPackage[] = [
  messaging,
  issueTracker,
  recruiting,
  conversationIntelligence,
  codeHosting,
  crm,
  customerMessaging,
  supportDesk,
];
