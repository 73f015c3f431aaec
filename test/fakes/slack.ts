export { startSlackFake, type SlackFake, type SlackFakeOptions } from './slack/index.js';
export type { SlackChannel, SlackData, SlackMessage, SlackUser } from './slack/index.js';
