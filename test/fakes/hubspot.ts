export { startHubspotFake, type HubspotData, type HubspotFake, type HubspotFakeOptions } from './hubspot/index.js';
