/**
 * What the runtime exports, read from the runtime itself when the generator runs: the names of
 * each entry point (`@switchyard/runtime`, `@switchyard/runtime/internal`), and which of them are
 * values. Emitted code may import only these (emit/runtime-imports.ts checks every import and
 * routes each name to the entry that has it), so there is no list of runtime names to keep by hand
 * here, and a name the runtime stops exporting fails generation instead of the build.
 *
 * The runtime is the one this generator resolves (its own dependency, which generated packages
 * depend on at the same version). Its entries are read from the package's `exports`: the
 * `@switchyard/source` target (TypeScript source, shipped in the package) when there is one, else
 * the `types` target, so it works before the runtime is built and on an installed copy alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ts } from 'ts-morph';

export interface RuntimeEntry {
  /** The module specifier emitted code writes: `@switchyard/runtime`, `@switchyard/runtime/internal`. */
  readonly specifier: string;
  /** Every exported name, values and types. */
  readonly names: ReadonlySet<string>;
  /** The names that exist at run time (classes, functions, constants): importable without `import type`. */
  readonly values: ReadonlySet<string>;
}

export interface RuntimeSurface {
  readonly packageName: string;
  /** The public entry (`.`) first, then the subpaths in the order the manifest lists them. */
  readonly entries: readonly RuntimeEntry[];
}

const surfaces = new Map<string, RuntimeSurface>();

/** The runtime package's folder as this generator resolves it. */
export function defaultRuntimeDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@switchyard/runtime/package.json'));
}

/** The runtime's entries and their exports; read once per runtime folder and process. */
export function runtimeSurface(runtimeDir: string = defaultRuntimeDir()): RuntimeSurface {
  let surface = surfaces.get(runtimeDir);
  if (!surface) {
    surface = readSurface(runtimeDir);
    surfaces.set(runtimeDir, surface);
  }
  return surface;
}

type ExportTarget = string | { [condition: string]: ExportTarget };

function readSurface(runtimeDir: string): RuntimeSurface {
  const manifest = JSON.parse(readFileSync(join(runtimeDir, 'package.json'), 'utf8')) as {
    name: string;
    exports?: Record<string, ExportTarget>;
  };
  const subpaths = Object.entries(manifest.exports ?? {}).filter(([subpath]) => !subpath.endsWith('.json'));
  subpaths.sort(([a], [b]) => (a === '.' ? -1 : b === '.' ? 1 : 0));
  if (subpaths[0]?.[0] !== '.') throw new Error(`${manifest.name} (${runtimeDir}) has no "." entry in its exports`);
  const modules = new ModuleExports();
  const entries = subpaths.map(([subpath, target]) => {
    const file = entryFile(target);
    if (!file) throw new Error(`${manifest.name}: exports["${subpath}"] names neither a @switchyard/source nor a types file`);
    const exported = modules.of(join(runtimeDir, file));
    return {
      specifier: manifest.name + subpath.slice(1),
      names: new Set(exported.keys()),
      values: new Set([...exported].filter(([, isValue]) => isValue).map(([name]) => name)),
    };
  });
  return { packageName: manifest.name, entries };
}

function entryFile(target: ExportTarget): string | undefined {
  if (typeof target === 'string') return target.endsWith('.ts') ? target : undefined;
  const pick = target['@switchyard/source'] ?? target['types'];
  return pick === undefined ? undefined : entryFile(pick);
}

/**
 * Exported names of a module (name → is a value), read syntactically and following re-exports
 * between the runtime's own files: a type checker over the whole runtime costs seconds, this a
 * few milliseconds, and the entries are export lists.
 */
class ModuleExports {
  readonly #cache = new Map<string, Map<string, boolean>>();

  of(file: string): Map<string, boolean> {
    let exported = this.#cache.get(file);
    if (!exported) {
      exported = new Map();
      this.#cache.set(file, exported); // a cycle sees what is known so far
      this.#read(file, exported);
    }
    return exported;
  }

  #read(file: string, exported: Map<string, boolean>): void {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const local = new Map<string, boolean>();
    for (const statement of source.statements) {
      const declared = declaredName(statement);
      if (declared) {
        local.set(declared.name, declared.isValue);
        if (hasExportModifier(statement)) exported.set(declared.name, declared.isValue);
      }
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name)) continue;
          local.set(declaration.name.text, true);
          if (hasExportModifier(statement)) exported.set(declaration.name.text, true);
        }
      }
    }
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      const target = from === undefined ? undefined : this.of(resolveRelative(file, from));
      const clause = statement.exportClause;
      if (!clause) {
        // export * from / export type * from
        for (const [name, isValue] of target ?? []) if (name !== 'default') exported.set(name, isValue && !statement.isTypeOnly);
      } else if (ts.isNamespaceExport(clause)) {
        exported.set(clause.name.text, !statement.isTypeOnly);
      } else {
        for (const element of clause.elements) {
          const original = (element.propertyName ?? element.name).text;
          const known = target ? target.get(original) : local.get(original);
          if (known === undefined) throw new Error(`${file} exports ${original}, which ${from ?? 'the file'} does not declare or export`);
          exported.set(element.name.text, known && !statement.isTypeOnly && !element.isTypeOnly);
        }
      }
    }
  }
}

function declaredName(statement: ts.Statement): { name: string; isValue: boolean } | undefined {
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return { name: statement.name.text, isValue: false };
  if ((ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) && statement.name)
    return { name: statement.name.text, isValue: true };
  if (ts.isEnumDeclaration(statement)) return { name: statement.name.text, isValue: true };
  return undefined;
}

function hasExportModifier(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** `./core/errors.js` from a source or declaration file: the .ts or .d.ts beside it. */
function resolveRelative(from: string, specifier: string): string {
  if (!specifier.startsWith('.'))
    throw new Error(`${from} re-exports from ${specifier}: the runtime's entries re-export only its own files`);
  const base = join(dirname(from), specifier).replace(/\.js$/, '');
  const candidates = from.endsWith('.d.ts') ? [`${base}.d.ts`] : [`${base}.ts`, `${base}.d.ts`];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${from}: cannot find ${specifier} (looked for ${candidates.join(', ')})`);
  return found;
}

/** The entry a name is imported from: the public one when it has it, else the first that does. */
export function entryOf(surface: RuntimeSurface, name: string): RuntimeEntry | undefined {
  return surface.entries.find((entry) => entry.names.has(name));
}
