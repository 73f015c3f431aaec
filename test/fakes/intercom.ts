export { startIntercomFake, type IntercomData, type IntercomFake, type IntercomFakeOptions } from './intercom/index.js';
