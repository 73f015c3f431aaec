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
 * The `no-restricted-imports` rule for a file in packages/. ESLint does not merge a rule's options
 * across config entries (a later entry replaces an earlier one), so every entry that adds patterns
 * repeats the two that hold for all packages: this is where they are repeated.
 */
function packageImports(/** @type {unknown[]} */ ...patterns) {
  return ['error', { patterns: [THROUGH_PACKAGES_DIR, INTO_SIBLING_PACKAGE, ...patterns] }];
}

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

/**
 * The execution service's parts (packages/server/README.md, "Layout"): each top-level folder of
 * packages/server/src and the folders it may import. The store knows nothing of the parts built on
 * it; search reads the synced copy and never serves HTTP or runs syncs; the sync engine writes the
 * copy (and the search's field dictionaries with it); http/ and mcp/ are the surfaces over the rest.
 * No folder imports the entry points at the top of src (SERVER_ENTRY_POINTS), which compose the
 * parts; the shared files beside them (config, service-error, service-types, compose) may be
 * imported. packages/server/test/layers.test.ts proves a forbidden import is reported, and that
 * every folder has an entry here.
 */
export const SERVER_LAYERS = {
  crypto: [],
  store: [],
  search: ['store'],
  catalog: ['search'],
  tenancy: ['crypto', 'store'],
  execution: ['catalog', 'search', 'tenancy'],
  audit: ['execution', 'search', 'store', 'tenancy'],
  sync: ['catalog', 'execution', 'search', 'store'],
  migrations: ['audit', 'store', 'sync', 'tenancy'],
  http: ['audit', 'catalog', 'execution', 'mcp', 'migrations', 'store', 'tenancy'],
  mcp: ['audit', 'catalog', 'execution', 'http'],
};

/** The files at the top of packages/server/src that start or export the service: no folder imports them. */
const SERVER_ENTRY_POINTS = ['cli', 'agent-commands', 'index', 'service', 'rotate-keys', 'fake-command'];

/**
 * The search's stages (packages/server/README.md, "Layout"): each folder of
 * packages/server/src/search and the stages it may import. None imports the files at the top of
 * search/ (search-records.ts, RecordSearch; run-plans.ts), which run the stages for one search.
 */
export const SEARCH_STAGES = {
  query: [],
  plan: ['query'],
  dictionary: ['query', 'plan'],
  indexes: ['query', 'plan', 'dictionary'],
  limits: [],
};

/** What a folder may not import: every other entry of `table` it does not name. */
function forbiddenOf(/** @type {Record<string, string[]>} */ table, /** @type {string} */ layer) {
  const allowed = table[layer] ?? [];
  return Object.keys(table).filter((other) => other !== layer && !allowed.includes(other));
}

/** How a folder's import list reads in a message. */
function readsOf(/** @type {string[]} */ allowed) {
  return allowed.length > 0 ? `only ${allowed.map((other) => `${other}/`).join(', ')} of` : `no other folder of`;
}

/**
 * The no-restricted-imports patterns of one top-level folder of packages/server/src. The folders'
 * names are not reused inside any of them, so a relative path climbing any number of levels and
 * naming one (`../store/`, `../../search/query/`) is an import of that folder.
 */
function serverLayerPatterns(/** @type {keyof typeof SERVER_LAYERS} */ layer) {
  const forbidden = forbiddenOf(SERVER_LAYERS, layer);
  const patterns = [
    {
      regex: `^(?:\\.\\./)+(?:${SERVER_ENTRY_POINTS.join('|')})\\.js$`,
      message: `packages/server/src/${layer}/ does not import the entry points at the top of packages/server/src: they compose the parts (packages/server/README.md, "Layout").`,
    },
  ];
  if (forbidden.length > 0) {
    patterns.unshift({
      regex: `^(?:\\.\\./)+(?:${forbidden.join('|')})(?:/|\\.js$|$)`,
      message: `packages/server/src/${layer}/ imports ${readsOf(SERVER_LAYERS[layer])} packages/server/src, not ${forbidden.map((other) => `${other}/`).join(', ')} (packages/server/README.md, "Layout").`,
    });
  }
  return patterns;
}

/** The patterns of one stage folder of packages/server/src/search, on top of search/'s own. */
function searchStagePatterns(/** @type {keyof typeof SEARCH_STAGES} */ stage) {
  const forbidden = forbiddenOf(SEARCH_STAGES, stage);
  const patterns = [
    {
      regex: '^\\.\\./[^/]+\\.js$',
      message: `packages/server/src/search/${stage}/ does not import the files at the top of search/ (search-records.ts, run-plans.ts): they run the stages (packages/server/README.md, "Layout").`,
    },
  ];
  if (forbidden.length > 0) {
    patterns.unshift({
      regex: `^\\.\\./(?:${forbidden.join('|')})(?:/|$)`,
      message: `packages/server/src/search/${stage}/ imports ${readsOf(SEARCH_STAGES[stage])} search/, not ${forbidden.map((other) => `${other}/`).join(', ')} (packages/server/README.md, "Layout").`,
    });
  }
  return patterns;
}

/** A route module imports no other route: what several share is in http/schemas.ts or another module of http/. */
const ROUTE_TO_ROUTE = {
  regex: '^\\./',
  message:
    'packages/server/src/http/routes/ modules do not import each other: shared schemas live in http/schemas.ts, shared helpers in a module of http/ (packages/server/README.md, "Layout").',
};
/** Only http/app.ts registers routes; nothing else reaches into routes/. */
function intoRoutes(/** @type {string} */ folder) {
  return {
    regex: '(?:^|/)routes/[^/]+$',
    message: `packages/server/src/${folder}/ does not import http/routes/: only http/app.ts registers routes, and what a route shares lives in a module of http/ (packages/server/README.md, "Layout").`,
  };
}

/**
 * Route request types come from the route's JSON Schema (packages/server/README.md, "Routes and
 * their types"): a hand-written `…Body`/`…Params`/`…Query` type, or an inline object type in a
 * route's generic arguments (`app.get<{ Querystring: { … } }>`), would be a second source.
 */
/**
 * Node's recursive mkdir never returns when a parent exists but cannot hold the child (a dangling
 * symbolic link on the path, a path under /proc): published code makes directories with the
 * runtime's `makeDirectories` (packages/runtime/src/internal/make-directories.ts says why).
 */
const NO_RECURSIVE_MKDIR = [
  {
    // `mkdir(…)` and `mkdirSync(…)` called by name or on a module (`fs.mkdir`, `fs.promises.mkdir`) alike.
    selector:
      "CallExpression:matches([callee.name=/^mkdir(Sync)?$/], [callee.property.name=/^mkdir(Sync)?$/]):has(Property[key.name='recursive'])",
    message: "Node's recursive mkdir can spin for ever: use makeDirectories from '@switchyard/runtime/internal'.",
  },
];

const ROUTE_TYPES_FROM_SCHEMAS = [
  {
    selector: 'TSInterfaceDeclaration[id.name=/(Body|Params|Query|Querystring)$/]',
    message:
      'Derive a route\'s request types from its JSON Schema: `type XBody = FromSchema<typeof X_BODY_SCHEMA>` (packages/server/README.md, "Routes and their types").',
  },
  {
    selector: "TSTypeAliasDeclaration[id.name=/(Body|Params|Query|Querystring)$/]:not([typeAnnotation.typeName.name='FromSchema'])",
    message:
      'Derive a route\'s request types from its JSON Schema: `type XBody = FromSchema<typeof X_BODY_SCHEMA>` (packages/server/README.md, "Routes and their types").',
  },
  {
    selector: 'TSTypeParameterInstantiation TSPropertySignature[key.name=/^(Body|Params|Querystring)$/] > TSTypeAnnotation > TSTypeLiteral',
    message:
      'Name a type derived from the route\'s JSON Schema here, not an inline object type (packages/server/README.md, "Routes and their types").',
  },
];

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
    files: ['packages/*/**'],
    rules: { 'no-restricted-imports': packageImports() },
  },
  {
    files: ['packages/*/src/**', 'generator/src/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_RECURSIVE_MKDIR] },
  },
  ...Object.keys(SERVER_LAYERS).map((layer) => ({
    files: [`packages/server/src/${layer}/**`],
    rules: {
      'no-restricted-imports': packageImports(
        ...serverLayerPatterns(/** @type {keyof typeof SERVER_LAYERS} */ (layer)),
        ...(layer === 'http' ? [] : [intoRoutes(layer)]),
      ),
    },
  })),
  {
    files: ['packages/server/src/http/**'],
    ignores: ['packages/server/src/http/app.ts', 'packages/server/src/http/routes/**'],
    rules: {
      'no-restricted-imports': packageImports(...serverLayerPatterns('http'), intoRoutes('http')),
    },
  },
  {
    files: ['packages/server/src/http/routes/**'],
    rules: {
      'no-restricted-imports': packageImports(...serverLayerPatterns('http'), ROUTE_TO_ROUTE),
      'no-restricted-syntax': ['error', ...NO_RECURSIVE_MKDIR, ...ROUTE_TYPES_FROM_SCHEMAS],
    },
  },
  ...Object.keys(SEARCH_STAGES).map((stage) => ({
    files: [`packages/server/src/search/${stage}/**`],
    rules: {
      'no-restricted-imports': packageImports(
        ...serverLayerPatterns('search'),
        intoRoutes(`search/${stage}`),
        ...searchStagePatterns(/** @type {keyof typeof SEARCH_STAGES} */ (stage)),
      ),
    },
  })),
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
