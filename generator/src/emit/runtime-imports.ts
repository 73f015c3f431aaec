/**
 * The last emit step: every import and re-export of the runtime in the generated files is checked
 * against what the runtime exports (runtime-surface.ts) and sent to the entry that has each name.
 * Emitters write `import { X } from '@switchyard/runtime'` and need not know which names are
 * public and which live in `@switchyard/runtime/internal`; a name the runtime does not export, or
 * a type imported as a value, fails generation with the file and the name, instead of the build.
 *
 * It also refuses a generated package whose own exports would hide a runtime name: every package
 * re-exports the runtime's public entry (`export *`), and a local export of the same name (a
 * record type called `Page`, say) silently wins over it.
 */
import type { ExportDeclaration, ImportDeclaration, Project, SourceFile } from 'ts-morph';
import { Node } from 'ts-morph';
import { entryOf, type RuntimeSurface } from './runtime-surface.js';

interface Wanted {
  name: string;
  alias: string | undefined;
  typeOnly: boolean;
}

export function routeRuntimeImports(project: Project, surface: RuntimeSurface, packageName: string): void {
  const problems: string[] = [];
  for (const file of project.getSourceFiles()) routeFile(file, surface, problems);
  problems.push(...hiddenRuntimeNames(project, surface));
  if (problems.length > 0) {
    throw new Error(`${packageName}: generated code does not match what ${surface.packageName} exports:\n  ${problems.join('\n  ')}`);
  }
}

const isRuntimeSpecifier = (surface: RuntimeSurface, specifier: string | undefined) =>
  specifier !== undefined && (specifier === surface.packageName || specifier.startsWith(`${surface.packageName}/`));

function routeFile(file: SourceFile, surface: RuntimeSurface, problems: string[]): void {
  const where = file.getFilePath().replace(/^\//, '');
  const imports: Wanted[] = [];
  const reexports: Wanted[] = [];
  let insertAt: number | undefined;
  const declarations: (ImportDeclaration | ExportDeclaration)[] = [...file.getImportDeclarations(), ...file.getExportDeclarations()];
  for (const declaration of declarations) {
    const specifier = declaration.getModuleSpecifierValue();
    if (!isRuntimeSpecifier(surface, specifier)) continue;
    if (Node.isExportDeclaration(declaration) && !declaration.hasNamedExports()) {
      // `export * from '<runtime>'`: the public entry only; internal names are never re-exported.
      if (specifier !== surface.entries[0]!.specifier)
        problems.push(`${where}: export * from ${specifier}: only ${surface.entries[0]!.specifier} may be re-exported whole`);
      continue;
    }
    if (Node.isImportDeclaration(declaration) && (declaration.getDefaultImport() || declaration.getNamespaceImport())) {
      problems.push(`${where}: import from ${specifier} must name what it imports`);
      continue;
    }
    const wholeTypeOnly = declaration.isTypeOnly();
    const named = Node.isImportDeclaration(declaration) ? declaration.getNamedImports() : declaration.getNamedExports();
    const into = Node.isImportDeclaration(declaration) ? imports : reexports;
    for (const element of named) {
      into.push({ name: element.getName(), alias: element.getAliasNode()?.getText(), typeOnly: wholeTypeOnly || element.isTypeOnly() });
    }
    insertAt ??= declaration.getChildIndex();
    declaration.remove();
  }
  if (insertAt === undefined) return;
  for (const group of routed(imports, surface, where, problems)) {
    file.insertImportDeclaration(insertAt++, { moduleSpecifier: group.specifier, namedImports: group.names, isTypeOnly: group.typeOnly });
  }
  for (const group of routed(reexports, surface, where, problems)) {
    file.insertExportDeclaration(insertAt++, { moduleSpecifier: group.specifier, namedExports: group.names, isTypeOnly: group.typeOnly });
  }
}

interface Group {
  specifier: string;
  typeOnly: boolean;
  names: { name: string; alias?: string }[];
}

/** Wanted names grouped by entry (public first) and kind (values, then types), in the order emitters named them. */
function routed(wanted: Wanted[], surface: RuntimeSurface, where: string, problems: string[]): Group[] {
  const groups: Group[] = [];
  for (const entry of surface.entries) {
    for (const typeOnly of [false, true]) {
      const names = wanted
        .filter((w) => entryOf(surface, w.name) === entry && w.typeOnly === typeOnly)
        .map((w) => (w.alias ? { name: w.name, alias: w.alias } : { name: w.name }));
      if (names.length > 0) groups.push({ specifier: entry.specifier, typeOnly, names });
    }
  }
  for (const w of wanted) {
    const entry = entryOf(surface, w.name);
    if (!entry) problems.push(`${where}: ${w.name} is not exported by ${surface.entries.map((e) => e.specifier).join(' or ')}`);
    else if (!w.typeOnly && !entry.values.has(w.name))
      problems.push(`${where}: ${w.name} is a type in ${entry.specifier}; import it with \`import type\``);
  }
  return groups;
}

/** Names a generated package exports itself that are also in the runtime's public entry, which it re-exports whole. */
function hiddenRuntimeNames(project: Project, surface: RuntimeSurface): string[] {
  const index = project.getSourceFile('src/index.ts');
  if (!index) return [];
  const reexportsRuntime = index
    .getExportDeclarations()
    .some((d) => d.getModuleSpecifierValue() === surface.entries[0]!.specifier && !d.hasNamedExports());
  if (!reexportsRuntime) return [];
  const publicNames = surface.entries[0]!.names;
  const problems: string[] = [];
  for (const [name, from] of ownExports(project, index)) {
    if (publicNames.has(name)) {
      problems.push(
        `${from} exports ${name}, which hides ${surface.entries[0]!.specifier}'s ${name} (every connector re-exports the runtime's public entry): rename it in the spec`,
      );
    }
  }
  return problems;
}

/** Names the index exports from the package's own files (name → the file declaring it), read syntactically. */
function ownExports(project: Project, index: SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const declaration of index.getExportDeclarations()) {
    const specifier = declaration.getModuleSpecifierValue();
    if (!specifier?.startsWith('./')) continue;
    const path = `src/${specifier.slice(2).replace(/\.js$/, '.ts')}`;
    if (declaration.hasNamedExports()) {
      for (const element of declaration.getNamedExports()) names.set(element.getAliasNode()?.getText() ?? element.getName(), path);
      continue;
    }
    const target = project.getSourceFile(path);
    for (const name of target ? declaredExports(target) : []) names.set(name, path);
  }
  return names;
}

function declaredExports(file: SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.getStatements()) {
    if (Node.isExportDeclaration(statement)) {
      names.push(...statement.getNamedExports().map((e) => e.getAliasNode()?.getText() ?? e.getName()));
    } else if (Node.isVariableStatement(statement)) {
      if (statement.isExported()) names.push(...statement.getDeclarations().map((d) => d.getName()));
    } else if (Node.isExportable(statement) && statement.isExported() && Node.hasName(statement)) {
      names.push(statement.getName());
    }
  }
  return names;
}
