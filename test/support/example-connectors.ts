/**
 * Suites that use a shipped connector as their example vendor. The server's suites run messaging
 * against the Slack fake, recruiting against Greenhouse, issue-tracker against Linear, because those
 * fakes model the vendor behaviour the suites assert; the type tests and a few generator tests
 * read what those connectors declare. Such a suite outside the connector's own folder declares each
 * connector it uses with a vitest module tag, anywhere in the file:
 *
 *     // @module-tag connector/messaging
 *
 * and vitest.config.ts leaves it out, saying why, when that connector's spec is gone: removing a
 * connector keeps the suite green without anyone editing suites that merely borrowed it
 * (CONTRIBUTING.md, "Tests and the set of connectors"). The tag also selects them:
 * `pnpm exec vitest run --tags-filter connector/messaging`. example-connectors.test.ts checks that
 * every suite declares exactly the connectors it uses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { argumentAfter, parseModule, reachesConnectorSet, suiteFiles, type ParsedModule } from './catalog-dependents.js';

export const CONNECTOR_TAG = 'connector/';
/**
 * The connector the quickstart (test/example/quickstart.ts, the README's first example) shows: the
 * examples and the benchmarks (bench/) show and measure it, and they are the only code outside a
 * connector's own files that may import a connector package by name. Removing it means giving them
 * another; any other connector goes without touching them.
 */
export function referenceConnector(root: string): string | undefined {
  const quickstart = join(root, 'test', 'example', 'quickstart.ts');
  if (!existsSync(quickstart)) return undefined;
  for (const specifier of parseModule(quickstart).specifiers) {
    const family = /^@switchyard\/connector-(.+)$/.exec(specifier)?.[1];
    if (family) return family;
  }
  return undefined;
}
/** vitest's own syntax for a file's tags (`// @module-tag name` or ` * @module-tag name`). */
const MODULE_TAG = /(?:\/\/|\*)\s*@module-tag\s+([\w\-/]+)\b/g;

/** The connectors a suite's source declares with `@module-tag connector/<family>`, in order. */
export function declaredConnectors(source: string): string[] {
  return [...source.matchAll(MODULE_TAG)]
    .map((m) => m[1]!)
    .flatMap((tag) => (tag.startsWith(CONNECTOR_TAG) ? [tag.slice(CONNECTOR_TAG.length)] : []));
}

/** The vitest tag definitions for the connectors present (vitest refuses a tag it does not know). */
export function connectorTags(present: readonly string[]): { name: string; description: string }[] {
  return present.map((family) => ({
    name: `${CONNECTOR_TAG}${family}`,
    description: `Suites that use the ${family} connector (specs/${family}.yaml) as their example.`,
  }));
}

/** Suites of `root` (vitest's `include` globs) that declare a connector absent from `present`, with the ones missing. */
export function suitesWithoutTheirConnectors(
  root: string,
  include: readonly string[],
  present: readonly string[],
): { file: string; missing: string[] }[] {
  return suiteFiles(root, include).flatMap((file) => {
    const missing = declaredConnectors(readFileSync(join(root, file), 'utf8')).filter((family) => !present.includes(family));
    return missing.length > 0 ? [{ file, missing }] : [];
  });
}

/** The line vitest.config.ts prints for a suite it leaves out. */
export function leftOutMessage({ file, missing }: { file: string; missing: string[] }): string {
  const specs = missing.map((family) => `specs/${family}.yaml`).join(', ');
  return `[connectors] leaving out ${file}: it uses the ${missing.join(', ')} connector${missing.length > 1 ? 's' : ''} as its example, and ${specs} ${missing.length > 1 ? 'are' : 'is'} absent`;
}

const CONNECTOR_NAME = /connector|famil|package|fake|catalog/i;
/** A connector's id (`connectorId`, `connector_id`), not its type. */
const AN_ID = /(?:Id|_id|Ids|_ids)$/;
const CONNECTOR_ARGUMENTS = new Set(['exec', 'describe', 'fake', '--connector'].map(argumentAfter));

/**
 * Where a string names a connector: given a name that says so (`connector_type: 'crm'`,
 * `examplePackage('crm')`, `type ExampleFamily = 'crm' | …`, `family === 'crm'`), or after a
 * command-line word that takes a connector type (`['exec', 'crm', …]`, `['--connector', 'crm']`,
 * `['fake', 'crm']`); not a name that holds a connector's id (`connectorId: 'c1'`). Anywhere else
 * a string that happens to equal a connector's name is a test value (`'x'`, `'email'`,
 * `row['name']`), and a connector named so must not make every suite that writes it count as
 * using it. A suite that makes up a connector of its own, or needs a type that is not one, names
 * it so no real connector would be (`demo-chat`, `no-such-connector`).
 */
export function namesAConnector(givenNames: ReadonlySet<string>): boolean {
  return [...givenNames].some(
    (name) => CONNECTOR_ARGUMENTS.has(name) || (!name.startsWith(argumentAfter('')) && CONNECTOR_NAME.test(name) && !AN_ID.test(name)),
  );
}

/** Test code: the only places a suite's helpers live (product code does not name connectors). */
const TEST_CODE = /^(?:test\/|generator\/test\/|packages\/[^/]+\/test\/)/;
/** A vendor fake: `test/fakes/<vendor>.ts` and everything under `test/fakes/<vendor>/`. */
const FAKE = /^test\/fakes\/([^/.]+)/;

/**
 * Finds the connectors each suite uses, from its code and the test code it imports or starts.
 *
 * `of` is what a suite must declare: an import of a connector's package, an import of the fake its
 * matrix fixture starts (a fake two fixtures share, like the harness, belongs to none), or its name
 * as a string where the string names a connector (`namesAConnector`) in a suite whose code reaches
 * the set of connectors at all (catalog-dependents.ts: a string becomes a connector only through the
 * catalog, the spec list or the fixtures built from it).
 *
 * `mentions` adds every string equal to a connector's name wherever it stands (`fakes.get('crm')`,
 * `c.name === 'crm'`): such a suite may declare that connector, but need not, since the same string
 * is as often a test value, and a new connector named `x` or `email` would otherwise ask every suite
 * that writes one to declare it. Within a connector's own folder (`test/<family>/`) that connector
 * does not count.
 */
export class ConnectorUse {
  readonly #root: string;
  readonly #present: readonly string[];
  readonly #fakeOwners = new Map<string, string>();
  readonly #parsed = new Map<string, ParsedModule>();
  readonly #reachesSet: (file: string) => boolean;

  constructor(root: string, present: readonly string[]) {
    this.#root = root;
    this.#present = present;
    this.#reachesSet = reachesConnectorSet(root);
    const owners = new Map<string, Set<string>>();
    for (const family of present) {
      const fixture = join(root, 'test', 'matrix', 'connectors', `${family}.ts`);
      if (!existsSync(fixture)) continue;
      for (const path of this.#relativeImports(fixture)) {
        const fake = FAKE.exec(path)?.[1];
        if (fake) owners.set(fake, (owners.get(fake) ?? new Set()).add(family));
      }
    }
    for (const [fake, families] of owners) if (families.size === 1) this.#fakeOwners.set(fake, [...families][0]!);
  }

  /** The connectors `file` (root-relative) uses and must declare, sorted. */
  of(file: string): string[] {
    return this.#find(file, this.#reachesSet(join(this.#root, file)) ? 'named' : 'none');
  }

  /** The connectors `file` uses or may use by a string that equals their name, sorted: what it may declare. */
  mentions(file: string): string[] {
    return this.#find(file, 'any');
  }

  #find(file: string, strings: 'named' | 'any' | 'none'): string[] {
    const used = new Set<string>();
    const own = /^test\/([^/]+)\//.exec(file)?.[1];
    const seen = new Set<string>();
    const visit = (path: string): void => {
      if (seen.has(path)) return;
      seen.add(path);
      const parsed = this.#parse(join(this.#root, path));
      for (const [text, givenNames] of parsed.strings)
        if (this.#present.includes(text) && (strings === 'any' || (strings === 'named' && namesAConnector(givenNames)))) used.add(text);
      for (const specifier of parsed.specifiers) {
        const family = /^@switchyard\/connector-(.+)$/.exec(specifier)?.[1];
        if (family && this.#present.includes(family)) used.add(family);
      }
      for (const target of this.#relativeImports(join(this.#root, path))) {
        const fake = FAKE.exec(target)?.[1];
        const owner = fake ? this.#fakeOwners.get(fake) : undefined;
        if (owner) used.add(owner);
        if (TEST_CODE.test(target) && !FAKE.test(target)) visit(target);
      }
      // A script the suite starts (the hosted quickstart) runs its own imports.
      for (const target of this.#namedFiles(path, parsed)) if (TEST_CODE.test(target) && !FAKE.test(target)) visit(target);
    };
    visit(file);
    used.delete(own ?? '');
    return [...used].sort();
  }

  #parse(file: string): ParsedModule {
    let parsed = this.#parsed.get(file);
    if (!parsed) this.#parsed.set(file, (parsed = parseModule(file)));
    return parsed;
  }

  /** Test code a module starts by naming its file in one string literal (`'test/example/hosted-quickstart.ts'`). */
  #namedFiles(path: string, parsed: ParsedModule): string[] {
    return parsed.fileLiterals.flatMap((literal) =>
      [resolve(dirname(join(this.#root, path)), literal), resolve(this.#root, literal)]
        .filter((candidate) => candidate.endsWith('.ts') && existsSync(candidate))
        .map((candidate) => relative(this.#root, candidate).split(sep).join('/'))
        .slice(0, 1),
    );
  }

  /** Root-relative paths of the repository files a module imports by relative path (type-only imports included). */
  #relativeImports(file: string): string[] {
    return [...this.#parse(file).specifiers]
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const base = resolve(dirname(file), specifier);
        const found = [base, base.replace(/\.[cm]?js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')].find(
          (candidate) => /\.[cm]?[jt]s$/.test(candidate) && existsSync(candidate) && !candidate.endsWith('.d.ts'),
        );
        return found ? [relative(this.#root, found).split(sep).join('/')] : [];
      });
  }
}
