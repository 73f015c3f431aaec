/**
 * Which test files depend on the set of connectors: the suites `generator/test/new-connector.test.ts`
 * runs again after adding and after removing a connector (CONTRIBUTING.md, "Tests and the set of
 * connectors"). Found from the code, not kept in a list, so a suite is covered the day it lands.
 *
 * A test file depends on the set when the code it runs reaches a place the set comes from:
 *
 * - the service's catalog (`packages/server/src/catalog/catalog.ts`: every connector the service
 *   runs), in-process, through `@switchyard/server`, or in a process started from a file the code
 *   names (the CLI's bin, a worker script, the hosted quickstart);
 * - `specNames` of `test/support/connectors.ts`, the tests' list of the specs in specs/;
 * - a listing of the specs folder itself (`readdirSync` in a module that names `'specs'`).
 *
 * "Reaches" follows, from module to module through the repository's sources: runtime imports (not
 * `import type`), dynamic imports with a literal specifier, and file paths written as one string
 * literal (`new URL('../bin/switchyard.js', import.meta.url)`). A workspace package's entry and its
 * `dist/` files stand for its `src/`; a package that does not depend on the server (the runtime, the
 * generated connectors) cannot reach the catalog and is not read. Re-exports are followed name by
 * name, so a suite that takes `RecordStore` from the server's index does not depend on the catalog
 * that the same index also exports; a module's own code counts whole, with all its imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Where the set of connectors comes from, relative to the repository root. */
const CATALOG_MODULE = 'packages/server/src/catalog/catalog.ts';
const SERVER_PACKAGE = '@switchyard/server';
const SPEC_LIST_MODULE = 'test/support/connectors.ts';
const SPEC_LIST_EXPORT = 'specNames';
/** A string literal that may name a file of the repository. */
const FILE_LITERAL = /^[\w./@-]+\.(?:[cm]?[jt]s)$/;

export interface ParsedModule {
  /** Runtime imports: specifier → imported names (`*` for the whole module). */
  readonly imports: ReadonlyMap<string, ReadonlySet<string>>;
  /** Named re-exports: exported name → [specifier, name in that module]. */
  readonly reexports: ReadonlyMap<string, readonly [string, string]>;
  /** `export * from` specifiers. */
  readonly starReexports: readonly string[];
  /** Names the module's own code exports (declarations, `export { x }`, `export default`). */
  readonly ownExports: ReadonlySet<string>;
  /** String literals that may name a file (`./support/worker.ts`, `test/example/quickstart.ts`). */
  readonly fileLiterals: readonly string[];
  /** Every module specifier, type-only imports included (what `tsc` needs to find). */
  readonly specifiers: ReadonlySet<string>;
  /**
   * Every other string literal of the code, with the names it is given where it stands (see
   * `givenName`): `connector_type: 'crm'` → connector_type, `examplePackage('crm')` →
   * examplePackage, `['describe', 'crm']` → describe; an empty set when nothing names it.
   */
  readonly strings: ReadonlyMap<string, ReadonlySet<string>>;
  /** Lists the specs folder itself. */
  readonly listsSpecs: boolean;
}

/**
 * Parsed modules by path, with the text they were parsed from. The suites that walk the repository
 * (this file's, example-connectors.ts, the config's check of left-out suites) each parse every test
 * file, some more than once, and a worker runs several of them: parsing was seconds of a run. The
 * text is read again each time, so an edited file is parsed again.
 */
const PARSED = new Map<string, { readonly text: string; readonly parsed: ParsedModule }>();

export function parseModule(file: string): ParsedModule {
  const text = readFileSync(file, 'utf8');
  const known = PARSED.get(file);
  if (known?.text === text) return known.parsed;
  const parsed = parseText(file, text);
  // Bounded: temporary copies of the repository add their own paths.
  if (PARSED.size >= 5_000) PARSED.clear();
  PARSED.set(file, { text, parsed });
  return parsed;
}

function parseText(file: string, text: string): ParsedModule {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports = new Map<string, Set<string>>();
  const reexports = new Map<string, readonly [string, string]>();
  const starReexports: string[] = [];
  const ownExports = new Set<string>();
  const fileLiterals: string[] = [];
  const specifiers = new Set<string>();
  const strings = new Map<string, Set<string>>();
  const add = (specifier: string, names: readonly string[]) => {
    if (names.length === 0) return;
    const set = imports.get(specifier) ?? new Set<string>();
    for (const name of names) set.add(name);
    imports.set(specifier, set);
  };

  for (const statement of sf.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.add(statement.moduleSpecifier.text);
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const names: string[] = !clause ? ['*'] : clause.name ? ['default'] : [];
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
      add(statement.moduleSpecifier.text, names);
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) ownExports.add(element.name.text);
    } else if (ts.isExportAssignment(statement)) {
      ownExports.add('default');
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      const isDefault = ts.getModifiers(statement)!.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isDefault) ownExports.add('default');
      else if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) ownExports.add(declaration.name.text);
        }
      else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node))
        ownExports.add((statement.name as ts.Identifier).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.isTypeOnly) continue;
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.exportClause;
      if (!clause) starReexports.push(specifier);
      else if (ts.isNamespaceExport(clause)) reexports.set(clause.name.text, [specifier, '*']);
      else
        for (const element of clause.elements)
          if (!element.isTypeOnly) reexports.set(element.name.text, [specifier, (element.propertyName ?? element.name).text]);
    }
  }

  let namesSpecs = false;
  let listsFolders = false;
  const literals: ts.StringLiteralLike[] = [];
  const parameters = new Map<string, string[]>();
  const visit = (node: ts.Node): void => {
    const declared = declaredFunction(node);
    if (declared) parameters.set(declared.name, declared.parameters);
    // Module specifiers are the imports above, not files the code names; `import('x').T` in a type
    // is one more module tsc must find.
    if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) specifiers.add(argument.literal.text);
      return;
    }
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteralLike(node)) {
      literals.push(node);
      if (node.text === 'specs') namesSpecs = true;
      else if (FILE_LITERAL.test(node.text)) fileLiterals.push(node.text);
    } else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) {
          add(argument.text, ['*']);
          specifiers.add(argument.text);
        }
        return;
      }
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (ts.isIdentifier(callee) && /^(?:readdirSync|readdir|opendir|opendirSync|globSync|glob)$/.test(callee.text)) listsFolders = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const literal of literals) {
    const names = strings.get(literal.text) ?? new Set<string>();
    const name = givenName(literal, parameters);
    if (name) names.add(name);
    strings.set(literal.text, names);
  }
  return { imports, reexports, starReexports, ownExports, fileLiterals, specifiers, strings, listsSpecs: namesSpecs && listsFolders };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const toPosix = (path: string) => path.split(sep).join('/');

/** Resolves specifiers to the repository's source files, as vitest (and tsx) load them. */
class SourceResolver {
  readonly #root: string;
  /** Workspace packages that are, or depend on, the server: the only ones that can reach its catalog. */
  readonly #packagesReachingServer = new Map<string, string>();

  constructor(root: string) {
    this.#root = root;
    const manifests = new Map<string, { dir: string; deps: string[] }>();
    const packagesDir = join(root, 'packages');
    for (const name of existsSync(packagesDir) ? readdirSync(packagesDir) : []) {
      const file = join(packagesDir, name, 'package.json');
      if (!isFile(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; dependencies?: object; devDependencies?: object };
      if (manifest.name)
        manifests.set(manifest.name, {
          dir: join(packagesDir, name),
          deps: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }),
        });
    }
    const reachesServer = (name: string, path: string[] = []): boolean =>
      name === SERVER_PACKAGE ||
      (manifests.get(name)?.deps ?? []).some((dep) => !path.includes(dep) && reachesServer(dep, [...path, name]));
    for (const [name, { dir }] of manifests) if (reachesServer(name)) this.#packagesReachingServer.set(name, dir);
  }

  /** The source file a specifier in `from` loads; undefined for what cannot reach the catalog or is not here. */
  resolve(from: string, specifier: string): string | undefined {
    if (specifier.startsWith('.')) return this.#sourceOf(resolve(dirname(from), specifier));
    const packageDir = this.#packagesReachingServer.get(specifier);
    return packageDir ? this.#sourceOf(join(packageDir, 'src', 'index.ts')) : undefined;
  }

  /** A file path written in a string literal, relative to the file or to the repository root. */
  resolveLiteral(from: string, literal: string): string | undefined {
    return this.#sourceOf(resolve(dirname(from), literal)) ?? this.#sourceOf(resolve(this.#root, literal));
  }

  readonly #sources = new Map<string, string | undefined>();

  #sourceOf(path: string): string | undefined {
    if (!this.#sources.has(path)) this.#sources.set(path, this.#findSource(path));
    return this.#sources.get(path);
  }

  #findSource(path: string): string | undefined {
    if (!path.startsWith(this.#root + sep) || path.includes(`${sep}node_modules${sep}`)) return undefined;
    // A package's built file stands for its source: packages/x/dist/a/b.js → packages/x/src/a/b.ts.
    const source = path.replace(`${sep}dist${sep}`, `${sep}src${sep}`);
    for (const base of [source, path]) {
      const candidates = [base, base.replace(/\.[cm]?js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
      const found = candidates.find((file) => /\.[cm]?[jt]s$/.test(file) && !file.endsWith('.d.ts') && isFile(file));
      if (found) return found;
    }
    return undefined;
  }
}

/** The end of every chain: where the set of connectors comes from. */
const SOURCE = 'source';

/**
 * Whether a test file (absolute path) reaches the set of connectors, answered for many files with
 * one analysis of `root`.
 */
export function reachesConnectorSet(root: string): (file: string) => boolean {
  const analysis = new ReachAnalysis(resolve(root));
  return (file) => analysis.chain(file) !== undefined;
}

/**
 * The module graph, by node `file#name` (`*`: the whole module), and whether a node reaches where
 * the set of connectors comes from. Answers are kept across suites: after a walk, every node on the
 * chain it found reaches the set, and when it found none, no node it visited does.
 */
class ReachAnalysis {
  readonly #root: string;
  readonly #resolver: SourceResolver;
  readonly #parsed = new Map<string, ParsedModule>();
  /** Settled answers: the next node towards the source of the set, or null when there is none. */
  readonly #answers = new Map<string, string | null>();

  constructor(root: string) {
    this.#root = root;
    this.#resolver = new SourceResolver(root);
  }

  /** The chain of nodes from `file` to where the set of connectors comes from; undefined when it does not get there. */
  chain(file: string): string[] | undefined {
    const start = `${file}#*`;
    const visited = new Set<string>();
    const found = this.#walk(start, visited);
    if (!found) {
      for (const node of visited) this.#answers.set(node, null);
      return undefined;
    }
    const chain: string[] = [];
    for (let node: string | null | undefined = start; node && node !== SOURCE; node = this.#answers.get(node)) chain.push(node);
    return chain.map((node) => {
      const cut = node.lastIndexOf('#');
      const name = node.slice(cut + 1);
      return `${toPosix(relative(this.#root, node.slice(0, cut)))}${name === '*' ? '' : `#${name}`}`;
    });
  }

  /** Depth-first: whether `node` reaches the set; on the way back, each node of the chain records its next step. */
  #walk(node: string, visited: Set<string>): boolean {
    const settled = this.#answers.get(node);
    if (settled !== undefined) return settled !== null;
    if (visited.has(node)) return false;
    visited.add(node);
    for (const next of this.#edges(node)) {
      if (next === SOURCE || this.#walk(next, visited)) {
        this.#answers.set(node, next);
        return true;
      }
    }
    return false;
  }

  #parse(file: string): ParsedModule {
    let parsed = this.#parsed.get(file);
    if (!parsed) this.#parsed.set(file, (parsed = parseModule(file)));
    return parsed;
  }

  /** Whether a module exports `name`, itself or through its re-exports. */
  #exports(file: string, name: string, seen = new Set<string>()): boolean {
    if (seen.has(file)) return false;
    seen.add(file);
    const parsed = this.#parse(file);
    if (parsed.ownExports.has(name) || parsed.reexports.has(name)) return true;
    return parsed.starReexports.some((specifier) => {
      const target = this.#resolver.resolve(file, specifier);
      return target !== undefined && this.#exports(target, name, seen);
    });
  }

  readonly #ownCodeEdges = new Map<string, string[]>();

  /** Where a module's own code leads: what it imports, the files it names; SOURCE when it lists specs/. */
  #ownCode(file: string, parsed: ParsedModule): string[] {
    let edges = this.#ownCodeEdges.get(file);
    if (edges) return edges;
    edges = parsed.listsSpecs ? [SOURCE] : [];
    for (const [specifier, names] of parsed.imports) {
      const target = this.#resolver.resolve(file, specifier);
      if (target) for (const imported of names) edges.push(`${target}#${imported}`);
    }
    for (const literal of parsed.fileLiterals) {
      const target = this.#resolver.resolveLiteral(file, literal);
      if (target && target !== file) edges.push(`${target}#*`);
    }
    this.#ownCodeEdges.set(file, edges);
    return edges;
  }

  /** The nodes a node leads to; SOURCE when it is where the set comes from. */
  *#edges(node: string): Generator<string> {
    const cut = node.lastIndexOf('#');
    const file = node.slice(0, cut);
    const name = node.slice(cut + 1);
    const path = toPosix(relative(this.#root, file));
    if (path === CATALOG_MODULE) {
      yield SOURCE;
      return;
    }
    if (path === SPEC_LIST_MODULE) {
      // Its other exports read one spec or check that one is present: not the set.
      if (name === '*' || name === SPEC_LIST_EXPORT) yield SOURCE;
      return;
    }
    const parsed = this.#parse(file);
    const reexport = name === '*' ? undefined : parsed.reexports.get(name);
    if (reexport) {
      // A name the module re-exports leads only to where it comes from.
      const target = this.#resolver.resolve(file, reexport[0]);
      if (target) yield `${target}#${reexport[1]}`;
      return;
    }
    // The whole namespace, or a name of the module's own code: its code runs (its imports, the files
    // it names). Any other name comes through an `export *`.
    if (name === '*' || parsed.ownExports.has(name) || parsed.starReexports.length === 0) yield* this.#ownCode(file, parsed);
    const throughStar = [...parsed.starReexports, ...(name === '*' ? [...parsed.reexports.values()].map(([s]) => s) : [])];
    for (const specifier of throughStar) {
      const target = this.#resolver.resolve(file, specifier);
      if (target && (name === '*' || this.#exports(target, name))) yield `${target}#${name}`;
    }
  }
}

/** Turns one of vitest's `include` globs (`packages/*\/test/**\/*.test.ts`) into a matcher of root-relative paths. */
function globMatcher(glob: string): RegExp {
  const pattern = glob
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/** Every file under `root` that matches one of `include` (vitest's globs), root-relative with `/`, sorted. */
export function suiteFiles(root: string, include: readonly string[]): string[] {
  const matchers = include.map(globMatcher);
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (matchers.some((m) => m.test(toPosix(relative(root, path))))) found.push(toPosix(relative(root, path)));
    }
  };
  walk(root);
  return found.sort();
}

/**
 * The test files of `root` (those matching vitest's `include` globs) whose code reaches the set of
 * connectors, sorted, each with the chain of files that gets it there, for the reader who wonders
 * why a suite is in the set.
 */
export function catalogDependentSuites(root: string, include: readonly string[]): { file: string; via: string[] }[] {
  const analysis = new ReachAnalysis(resolve(root));
  return suiteFiles(resolve(root), include).flatMap((file) => {
    const via = analysis.chain(join(resolve(root), file));
    return via ? [{ file, via }] : [];
  });
}

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Wrappers a value passes through on its way to what names it (`['a', 'b'] as const`, `'a' | 'b'`). */
function isWrapper(node: ts.Node): boolean {
  return (
    ts.isArrayLiteralExpression(node) ||
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isConditionalExpression(node) ||
    ts.isLiteralTypeNode(node) ||
    ts.isUnionTypeNode(node) ||
    ts.isTupleTypeNode(node)
  );
}

/** The last identifier of an expression (`catalog.get` → get, `this.family` → family). */
function lastName(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isCallExpression(node) || ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) return lastName(node.expression);
  return undefined;
}

/** A function the module declares by name (`function f(a, b)`, `const f = (a, b) => …`), with its parameters' names. */
function declaredFunction(node: ts.Node): { name: string; parameters: string[] } | undefined {
  const names = (fn: ts.SignatureDeclarationBase) => fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : ''));
  if (ts.isFunctionDeclaration(node) && node.name) return { name: node.name.text, parameters: names(node) };
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
    const init = node.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { name: node.name.text, parameters: names(init) };
  }
  return undefined;
}

/** The name of a string that follows `word` in a list of command-line arguments (`['exec', 'crm']`). */
export const argumentAfter = (word: string) => `argv:${word}`;

/**
 * The name a string literal is given where it stands: the property, variable, parameter or type
 * alias it is the value of; the parameter it is passed as, for a function this module declares, or
 * else the function's name; what it is compared with or switched on; or, in a list of command-line
 * arguments, the word before it (`argumentAfter`). Arrays, `as const`, unions and conditionals in
 * between pass the name through. Undefined when it stands anywhere else (an index `row['x']`, an
 * element of an unnamed list, a template).
 */
function givenName(literal: ts.StringLiteralLike, parameters: ReadonlyMap<string, readonly string[]>): string | undefined {
  const parent = literal.parent;
  if (ts.isArrayLiteralExpression(parent)) {
    const before = parent.elements[parent.elements.indexOf(literal) - 1];
    if (before && ts.isStringLiteralLike(before)) return argumentAfter(before.text);
  }
  let node: ts.Node = literal;
  while (node.parent && isWrapper(node.parent)) node = node.parent;
  const holder = node.parent;
  if (!holder) return undefined;
  if ((ts.isPropertyAssignment(holder) || ts.isPropertySignature(holder) || ts.isPropertyDeclaration(holder)) && holder.name !== node)
    return ts.isIdentifier(holder.name) || ts.isStringLiteralLike(holder.name) ? holder.name.text : undefined;
  if ((ts.isVariableDeclaration(holder) || ts.isParameter(holder) || ts.isBindingElement(holder)) && holder.name !== node)
    return ts.isIdentifier(holder.name) ? holder.name.text : undefined;
  if (ts.isTypeAliasDeclaration(holder)) return holder.name.text;
  if ((ts.isCallExpression(holder) || ts.isNewExpression(holder)) && holder.expression !== node) {
    const callee = lastName(holder.expression);
    const own = ts.isIdentifier(holder.expression) && callee ? parameters.get(callee) : undefined;
    return own?.[holder.arguments?.indexOf(node as ts.Expression) ?? -1] || callee;
  }
  if (ts.isBinaryExpression(holder) && COMPARISONS.has(holder.operatorToken.kind)) {
    return lastName(holder.left === node ? holder.right : holder.left);
  }
  if (ts.isCaseClause(holder)) return lastName(holder.parent.parent.expression);
  return undefined;
}
