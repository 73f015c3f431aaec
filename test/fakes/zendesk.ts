export { startZendeskFake, type Json, type ZendeskData, type ZendeskFake, type ZendeskFakeOptions } from './zendesk/index.js';
