// @switchyard/fakes: the vendor fakes as a workspace package, for `switchyard fake <family>`.
// The fakes are TypeScript that ~80 test files import in place; this entry loads their registry
// through tsx's scoped loader, so plain `node` (the switchyard bin) can use them without a build.
import { tsImport } from 'tsx/esm/api';

const registry = await tsImport('./registry.ts', import.meta.url);

export const { BUNDLED_FAKES, bundledFake } = registry;
