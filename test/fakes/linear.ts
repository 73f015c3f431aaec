export { LINEAR_FAKE_SDL, startLinearFake, type LinearData, type LinearFake, type LinearFakeOptions } from './linear/index.js';
