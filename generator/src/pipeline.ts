/**
 * load → validate (schema, then semantic rules) → IR → emit (ts-morph, in memory) → format.
 * Pure: returns file contents; writing is the caller's business (see output/write.ts).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IndentationText, Project, QuoteKind } from 'ts-morph';
import { emitClient } from './emit/client.js';
import { emitIndex } from './emit/index.js';
import { emitMetadata } from './emit/metadata.js';
import { routeRuntimeImports } from './emit/runtime-imports.js';
import { renderPackageFiles, WORKSPACE_TARGET, type PackageTarget } from './emit/package-files.js';
import { emitSchemas } from './emit/schemas.js';
import { emitTypes } from './emit/types.js';
import { formatFile } from './output/format.js';
import { parseSpecGraphql } from './spec/graphql.js';
import { buildIR, type ConnectorIR } from './ir/connector-ir.js';
import { loadSpec } from './load/yaml.js';
import { resolveNamedTypes } from './spec/named-types.js';
import { uniqueProblems, type Problem } from './spec/problems.js';
import { withoutRefused } from './load/schema-prune.js';
import { runtimeSurface } from './emit/runtime-surface.js';
import { checkSchema } from './load/schema-validate.js';
import { checkSemantics } from './check/semantic.js';
import type { SpecData } from './spec/spec-types.js';

export { WORKSPACE_TARGET, type PackageTarget };

export interface Paths {
  root: string;
  schemaFile: string;
  templatesDir: string;
  prettierConfig: string;
  /** The project's license text, shipped in every generated package as LICENSE. */
  licenseFile: string;
  /** Derived from schemaFile (see workspace/spec-types-from-schema.ts). */
  specTypesFile: string;
  /**
   * The runtime whose exports emitted code may import (emit/runtime-surface.ts). Unset: the runtime
   * this generator resolves, which is the one generated packages depend on.
   */
  runtimeDir?: string;
}

/** The spec's TypeScript shape in this repository, derived from the schema (workspace/spec-types-from-schema.ts). */
export const SPEC_TYPES_FILE = 'generator/src/spec/spec-types.ts';

export function defaultPaths(root: string): Paths {
  return {
    root,
    schemaFile: join(root, 'specs', 'connector.schema.json'),
    templatesDir: join(root, 'templates'),
    prettierConfig: join(root, '.prettierrc.json'),
    licenseFile: join(root, 'LICENSE'),
    specTypesFile: join(root, SPEC_TYPES_FILE),
  };
}

/** Validates one spec; returns its IR, or every problem found. */
export function compileSpec(file: string, paths: Paths, source?: string): { ir?: ConnectorIR; problems: Problem[] } {
  const shown = relative(paths.root, file) || file;
  const loaded = loadSpec(shown, source ?? readSource(file));
  if (!loaded.spec) return { problems: loaded.problems };
  const schema = checkSchema(loaded.spec, paths.schemaFile);
  // Semantic rules assume the shapes the schema guarantees: they run on the parts it accepted, so
  // schema and semantic problems are reported together (load/schema-prune.ts).
  const accepted = withoutRefused(loaded.spec, schema.refused);
  if (!accepted) return { problems: schema.problems };
  let semantic: Problem[];
  let compiled: { data: SpecData; graphql: ReturnType<typeof parseSpecGraphql> } | undefined;
  try {
    // `type: Filter` parameters take their named type's rules from here on (spec/named-types.ts).
    const data = resolveNamedTypes(accepted.data as SpecData);
    const graphql = parseSpecGraphql(data);
    semantic = checkSemantics({ ...loaded.spec, data }, graphql).filter((p) => !accepted.isInsideRefused(p));
    compiled = { data, graphql };
  } catch (error) {
    // A shape the schema refused that the semantic rules cannot read at all: its schema problems say what to fix first.
    if (schema.problems.length === 0) throw error;
    semantic = [];
  }
  const problems = uniqueProblems([...schema.problems, ...semantic]);
  if (problems.length > 0 || !compiled) return { problems };
  return { ir: buildIR(shown, compiled.data, compiled.graphql), problems: [] };
}

function readSource(file: string): string {
  return readFileSync(file, 'utf8');
}

const HEADER = (ir: ConnectorIR, target: PackageTarget) =>
  `// Generated from ${ir.specFile} by the Switchyard generator. Do not edit: change the spec and run ${target.regenerate}.\n`;

/**
 * Every file of a connector package, keyed by path relative to the package folder. `version` is
 * the package's version: `pnpm generate` passes the one the package already has (changesets owns
 * it, see workspace/package-version.ts); in-memory uses (snapshot tests, the generation bench) take 0.1.0.
 */
export async function emitPackage(
  ir: ConnectorIR,
  paths: Paths,
  version = '0.1.0',
  target: PackageTarget = WORKSPACE_TARGET,
): Promise<Map<string, string>> {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { quoteKind: QuoteKind.Single, indentationText: IndentationText.TwoSpaces },
  });
  emitTypes(project, ir);
  emitMetadata(project, ir);
  emitSchemas(project, ir);
  emitClient(project, ir);
  emitIndex(project, ir);
  routeRuntimeImports(project, runtimeSurface(paths.runtimeDir), ir.packageName);
  const files = new Map<string, string>();
  for (const source of project.getSourceFiles()) {
    const path = source.getFilePath().replace(/^\//, '');
    files.set(path, await formatFile(path, HEADER(ir, target) + source.getFullText(), paths.prettierConfig));
  }
  for (const [path, text] of renderPackageFiles(ir, paths.templatesDir, version, target)) {
    files.set(path, await formatFile(path, text, paths.prettierConfig));
  }
  // The license text as the project states it, byte for byte (not a template: nothing in it varies).
  files.set('LICENSE', readFileSync(paths.licenseFile, 'utf8'));
  return files;
}
