/**
 * The connector packages this service can run, in one list. Adding a connector to the service is
 * one import and one entry here; everything else (validation, execution, search, the
 * connector-types listing) is derived from what each generated package exports.
 */
import * as issueTracker from '@switchyard/connector-issue-tracker';
import * as messaging from '@switchyard/connector-messaging';
import * as recruiting from '@switchyard/connector-recruiting';
import type { ConnectorPackage } from './catalog.js';

export const CONNECTOR_PACKAGES: readonly ConnectorPackage[] = [messaging, issueTracker, recruiting];
