import { randomBytes } from 'node:crypto';

/**
 * Random identifiers with a prefix saying what they are (`conn_…` in a log line is obviously a
 * connector). 16 random bytes: ids are unguessable, so knowing one proves nothing, and the
 * tenant filter on every query is what actually guards a record.
 */
function randomId(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('base64url')}`;
}

export const newApplicationId = (): string => randomId('app_');
export const newClientId = (): string => randomId('sy_app_');
export const newConnectorId = (): string => randomId('conn_');

/** 32 random bytes: the client secret is shown once and only its scrypt hash is stored. */
export const newClientSecret = (): string => `sy_secret_${randomBytes(32).toString('base64url')}`;
