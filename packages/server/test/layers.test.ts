/**
 * The service's parts and the search's stages are enforced by lint (eslint.config.js,
 * SERVER_LAYERS and SEARCH_STAGES): a folder of packages/server/src imports only the folders its
 * layer names, no route imports another, and route request types come from their schemas. These
 * cases state the design independently of the tables, lint an in-memory file placed in a folder,
 * and expect the import to be reported (or not); a folder added to src or search/ without a rule
 * in the tables fails too.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const src = join(root, 'packages', 'server', 'src');
const eslint = new ESLint({ cwd: root });

/** The messages of `rule` for `code` in a file at `file` (relative to packages/server/src). */
async function messages(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(src, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** The no-restricted-imports messages for importing `specifier` in a file at `file`. */
function restrictedImports(file: string, specifier: string): Promise<string[]> {
  return messages(file, `import { probe } from '${specifier}';\nexport const used = probe;\n`, 'no-restricted-imports');
}

const FORBIDDEN: [file: string, specifier: string, why: string][] = [
  ['store/probe.ts', '../search/query/searchable-fields.js', 'the store knows nothing of search'],
  ['store/probe.ts', '../search/dictionary/field-dictionary.js', 'the dictionaries are kept by the sync side'],
  ['store/probe.ts', '../sync/record-store.js', 'the store knows nothing of the sync engine'],
  ['store/probe.ts', '../http/app.js', 'the store knows nothing of HTTP'],
  ['store/probe.ts', '../execution/create-execution.js', 'the store knows nothing of execution'],
  ['search/probe.ts', '../http/problem.js', 'search does not serve HTTP'],
  ['search/plan/probe.ts', '../../http/routes/execute.js', 'search does not serve HTTP'],
  ['search/probe.ts', '../sync/sync-service.js', 'search reads the copy, never runs syncs'],
  ['search/indexes/probe.ts', '../../catalog/catalog.js', 'search does not depend on the catalog (which depends on search)'],
  ['crypto/probe.ts', '../store/sql-engine.js', 'the key ring needs no database'],
  ['tenancy/probe.ts', '../http/auth-hook.js', 'tenancy does not serve HTTP'],
  ['execution/probe.ts', '../sync/sync-service.js', 'execution does not run syncs'],
  ['catalog/probe.ts', '../execution/validate-connector.js', 'execution reads the catalog, not the other way'],
  ['sync/probe.ts', '../http/app.js', 'the sync engine does not serve HTTP'],
  ['sync/probe.ts', '../service.js', 'the entry points compose the parts'],
  ['audit/probe.ts', '../index.js', 'the entry points compose the parts'],
  ['http/routes/execute.ts', './connectors.js', 'routes do not import each other'],
  ['http/routes/audit.ts', './tokens.js', 'routes do not import each other'],
  ['mcp/probe.ts', '../http/routes/connectors.js', 'only app.ts reaches into routes/'],
  ['http/probe.ts', './routes/connectors.js', 'only app.ts reaches into routes/'],
  ['search/query/probe.ts', '../plan/search-plan.js', 'the query is read before it is planned'],
  ['search/plan/probe.ts', '../indexes/search-indexes.js', 'plans do not build indexes'],
  ['search/plan/probe.ts', '../dictionary/field-dictionary.js', 'plans take the dictionary fields as an option'],
  ['search/dictionary/probe.ts', '../indexes/index-keeper.js', 'the indexes register the dictionaries, not the other way'],
  ['search/limits/probe.ts', '../query/parse-search.js', 'the limits know no query'],
  ['search/plan/probe.ts', '../search-records.js', 'the entry runs the stages'],
  ['search/dictionary/probe.ts', '../run-plans.js', 'the entry runs the stages'],
];

const ALLOWED: [file: string, specifier: string][] = [
  ['store/probe.ts', './sql-engine.js'],
  ['search/plan/probe.ts', '../../store/scope.js'],
  ['search/plan/probe.ts', '../query/filter-ast.js'],
  ['search/indexes/probe.ts', '../dictionary/field-dictionary.js'],
  ['search/probe.ts', './limits/fair-queue.js'],
  ['sync/probe.ts', '../search/dictionary/field-dictionary.js'],
  ['sync/probe.ts', '../compose.js'],
  ['execution/probe.ts', '../search/query/parse-search.js'],
  ['http/routes/execute.ts', '../schemas.js'],
  ['http/routes/execute.ts', '../connector-view.js'],
  ['http/routes/health.ts', '../../store/sql-engine.js'],
  ['http/app.ts', './routes/connectors.js'],
  ['mcp/probe.ts', '../http/connector-view.js'],
  ['compose.ts', './search/indexes/index-keeper.js'],
];

describe('server layers (lint)', () => {
  it.each(FORBIDDEN)('%s importing %s is reported (%s)', async (file, specifier) => {
    const found = await restrictedImports(file, specifier);
    // A message names the top-level folder the importing file is in (a search stage's names search/ too), and the design.
    const folder = `packages/server/src/${file.split('/')[0]}/`;
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.some((m) => m.includes(folder)),
      found.join('\n'),
    ).toBe(true);
    for (const message of found) expect(message).toContain('packages/server/README.md, "Layout"');
  });

  it.each(ALLOWED)('%s may import %s', async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([]);
  });

  it('every folder of packages/server/src and of search/ has a layer rule', async () => {
    const folders = (dir: string) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    const cases = [
      ...folders(src).map((name) => ({ file: join(src, name, 'probe.ts'), prefix: `packages/server/src/${name}/ ` })),
      ...folders(join(src, 'search')).map((name) => ({
        file: join(src, 'search', name, 'probe.ts'),
        prefix: `packages/server/src/search/${name}/ `,
      })),
    ];
    expect(cases.length).toBeGreaterThan(10);
    for (const { file, prefix } of cases) {
      const config = await eslint.calculateConfigForFile(file);
      const [, options] = config.rules['no-restricted-imports'] as [unknown, { patterns: { message: string }[] }];
      expect(
        options.patterns.map((p) => p.message).some((m) => m.startsWith(prefix)),
        file,
      ).toBe(true);
    }
  });
});

describe('search/ is grouped by stage', () => {
  it('holds at its top only the files that run the stages; every other module is in a stage folder', () => {
    const top = readdirSync(join(src, 'search'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    expect(top).toEqual(['run-plans.ts', 'search-records.ts']);
  });
});

describe('route request types come from their schemas (lint)', () => {
  const restrictedSyntax = (code: string) => messages('http/routes/probe.ts', code, 'no-restricted-syntax');

  it('a hand-written body interface is reported', async () => {
    expect(await restrictedSyntax('export interface CreateBody { name: string }\n')).toHaveLength(1);
  });

  it('a hand-written params or query type alias is reported', async () => {
    expect(await restrictedSyntax('export type IdParams = { id: string };\n')).toHaveLength(1);
    expect(await restrictedSyntax('export type ListQuery = Record<string, string>;\n')).toHaveLength(1);
  });

  it("an inline object type in a route's generic arguments is reported", async () => {
    const code = "declare const app: { get<T>(path: string): void };\napp.get<{ Querystring: { external_user_id?: string } }>('/x');\n";
    expect(await restrictedSyntax(code)).toHaveLength(1);
  });

  it('types derived with FromSchema pass', async () => {
    const code = [
      "import type { FromSchema } from 'json-schema-to-ts';",
      "const BODY_SCHEMA = { type: 'object', properties: { name: { type: 'string' } } } as const;",
      'export type CreateBody = FromSchema<typeof BODY_SCHEMA>;',
      'declare const app: { post<T>(path: string): void };',
      "app.post<{ Body: CreateBody }>('/x');",
      '',
    ].join('\n');
    expect(await restrictedSyntax(code)).toEqual([]);
  });
});
