/**
 * @switchyard/generator: turns a connector spec into a Switchyard connector package. The command is
 * `switchyard-generate <spec.yaml> --out <dir>` (bin.ts); this is the same as a function, and the
 * pipeline's steps for tools that check specs themselves.
 */
export { generateStandalone, runtimeVersion, StandaloneUsageError, type StandaloneOptions, type StandaloneResult } from './standalone.js';
export { compileSpec, emitPackage, WORKSPACE_TARGET, type PackageTarget, type Paths } from './pipeline.js';
export { formatProblem, type Problem } from './spec/problems.js';
export type { Drift } from './output/write.js';
