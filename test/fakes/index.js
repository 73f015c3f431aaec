// @switchyard/fakes: the vendor fakes as a workspace package, for `switchyard fake <family>`.
// The fakes are TypeScript that the test suites import in place; this entry loads them through
// tsx's scoped loader, so plain `node` (the switchyard bin) can use them without a build step.
import { tsImport } from 'tsx/esm/api';

const registry = await tsImport('./registry.ts', import.meta.url);

/** Every bundled fake (see registry.ts), sorted by connector family. */
export const BUNDLED_FAKES = await registry.bundledFakes();
