/** Shared pieces of the crm family suite: a fake per test and a connector pointed at it. */
import { afterEach } from 'vitest';
import { CrmConnector, type CrmConnectorOptions } from '@switchyard/connector-crm';
import { startHubspotFake, type HubspotFake, type HubspotFakeOptions } from '../fakes/hubspot.js';

export const TOKEN = 'pat-na1-5f1b7c2d+93ae/41c0=CrmSuite';
export const OAUTH = {
  clientId: 'crm-suite-client-7731',
  clientSecret: 'crm-suite-secret-9c1d+e4/=',
  refreshToken: 'na1-refresh-4411-a8c2+f/=',
};
export const FAST_RETRY = { initialDelayMs: 5, maxDelayMs: 20 } as const;

export function useHubspotFake(): (options?: HubspotFakeOptions) => Promise<HubspotFake> {
  const open: HubspotFake[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((f) => f.close()));
  });
  return async (options = {}) => {
    const fake = await startHubspotFake({ accessToken: TOKEN, oauth: OAUTH, ...options });
    open.push(fake);
    return fake;
  };
}

export function connectorFor(fake: HubspotFake, options: Partial<CrmConnectorOptions> = {}): CrmConnector {
  return new CrmConnector({
    auth: { access_token: TOKEN },
    baseUrl: `${fake.url}/crm/v3`,
    retry: FAST_RETRY,
    ...options,
  } as CrmConnectorOptions);
}

/** Requests the fake received for the CRM API (the token endpoint excluded). */
export const apiRequests = (fake: HubspotFake) => fake.requests.filter((r) => r.path.startsWith('/crm/'));

export const live = (fake: HubspotFake, type: string) => fake.data.types.get(type)!.records.filter((r) => !r.archived);
