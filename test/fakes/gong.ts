export { startGongFake, type GongFake, type GongFakeOptions } from './gong/index.js';
export type { GongData, Json, Recording } from './gong/data.js';
