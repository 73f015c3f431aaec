// @ts-check
/**
 * ESLint flat config for the whole workspace (`pnpm lint` = `eslint . --max-warnings 0`).
 *
 * typescript-eslint's `recommended` set, not `recommended-type-checked`: the type-aware rules need a
 * TypeScript program per file and multiply the run time, while `tsc` (`pnpm typecheck`) already catches
 * what they would. Generated connector packages are linted like handwritten code: the generator's output
 * must be lint-clean, so a finding there is fixed in the generator or the spec, never in the package.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Node's globals for the plain .js/.mjs files (TypeScript files get them from @types/node, and
 * typescript-eslint turns `no-undef` off for them). Listed here because the `globals` package is not
 * a dependency of the workspace.
 */
const NODE_GLOBALS = Object.fromEntries(
  [
    'AbortController',
    'AbortSignal',
    'Buffer',
    'URL',
    'URLSearchParams',
    'TextDecoder',
    'TextEncoder',
    'clearInterval',
    'clearTimeout',
    'console',
    'fetch',
    'performance',
    'process',
    'queueMicrotask',
    'setImmediate',
    'setInterval',
    'setTimeout',
    'structuredClone',
  ].map((name) => [name, 'readonly']),
);

/**
 * Packages depend on each other through their published entry points only (`@switchyard/runtime`),
 * never by reaching into another package's files: those are not a contract, and a relative path
 * bypasses the `exports` map, the build and the dependency graph turbo builds from.
 */
const CROSS_PACKAGE_MESSAGE =
  "Import another workspace package by its name (e.g. '@switchyard/runtime'), not by a relative path into its files.";
/** From anywhere: a relative path through a `packages/<name>/` directory (`../../packages/runtime/src/core/errors.js`). */
const THROUGH_PACKAGES_DIR = { regex: '^\\.{1,2}/(?:.*/)?packages/[^/]+(?:/|$)', message: CROSS_PACKAGE_MESSAGE };
/**
 * From inside a package: a relative path that climbs out of it and enters a sibling's `src/` or
 * `dist/` (`../../runtime/src/index.js` from packages/cloud/src). Its own `../src/…` does not match,
 * nor does climbing to the repository's shared test helpers (`../../../test/fakes/harness.js`), which
 * are not a package.
 */
const INTO_SIBLING_PACKAGE = { regex: '^(?:\\.\\./)+[^./][^/]*/(?:src|dist)(?:/|$)', message: CROSS_PACKAGE_MESSAGE };

/**
 * The generator's stages (generator/README.md, "Layout"): each folder of generator/src and the
 * folders it may import. The order of the pipeline is load → check → ir → emit; `spec/` is the
 * spec's language every stage reads, `output/` writes files, `workspace/` keeps this repository in
 * step. A folder imports neither a later stage nor the entry points at the top of src (cli, bin,
 * index, pipeline, standalone), which compose the stages. generator/test/layers.test.ts proves a
 * forbidden import is reported, and that every folder of generator/src has an entry here.
 */
export const GENERATOR_LAYERS = {
  spec: [],
  load: ['spec'],
  check: ['spec', 'load'],
  ir: ['spec'],
  emit: ['spec', 'ir'],
  output: [],
  workspace: ['spec', 'output'],
};

/** The no-restricted-imports patterns of one folder of generator/src. */
function generatorLayerPatterns(/** @type {keyof typeof GENERATOR_LAYERS} */ layer) {
  const allowed = GENERATOR_LAYERS[layer];
  const forbidden = Object.keys(GENERATOR_LAYERS).filter((other) => other !== layer && !allowed.includes(other));
  const reads = allowed.length > 0 ? `only ${allowed.map((other) => `${other}/`).join(' and ')} of` : 'no other folder of';
  return [
    {
      regex: `^\\.\\./(?:${forbidden.join('|')})(?:/|$)`,
      message: `generator/src/${layer}/ imports ${reads} generator/src, not ${forbidden.map((other) => `${other}/`).join(', ')} (generator/README.md, "Layout").`,
    },
    {
      regex: '^\\.\\./[^/]+$',
      message: `generator/src/${layer}/ does not import the entry points at the top of generator/src: they compose the stages (generator/README.md, "Layout").`,
    },
  ];
}

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '**/.turbo/', 'coverage/', '**/__snapshots__/', 'generator/test/fixtures/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    rules: {
      // Unused imports, variables and parameters are errors; a leading `_` marks one kept on purpose
      // (a callback's position-required parameter, an element skipped in array destructuring). The
      // typescript-eslint rule replaces the core one everywhere (it understands type-only uses), so
      // .js files follow the same options.
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'all',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'no-restricted-imports': ['error', { patterns: [THROUGH_PACKAGES_DIR] }],
    },
  },
  {
    // Tests read untyped JSON from the fakes and hand deliberately ill-typed input to the connectors
    // (that is what many of them test), so `any` there is the established, intended escape; published
    // code (packages/*/src, generator/src) keeps the rule.
    files: ['test/**', 'packages/*/test/**', 'generator/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A later `no-restricted-imports` entry replaces the earlier one, so it repeats the first pattern.
    files: ['packages/*/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [THROUGH_PACKAGES_DIR, INTO_SIBLING_PACKAGE] }] },
  },
  ...Object.keys(GENERATOR_LAYERS).map((layer) => ({
    files: [`generator/src/${layer}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [THROUGH_PACKAGES_DIR, ...generatorLayerPatterns(/** @type {keyof typeof GENERATOR_LAYERS} */ (layer))] },
      ],
    },
  })),
);
