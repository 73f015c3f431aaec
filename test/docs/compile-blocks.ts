/**
 * Type-checks README code blocks the way a user's project would: each block is a module placed
 * beside its README (so a fragment's preamble imports relative to the README, and packages resolve
 * to the workspace's built `dist/` types), compiled with the repository's compiler options
 * (tsconfig.base.json: strict, NodeNext, verbatimModuleSyntax) except the unused-name checks,
 * since an example may assign a result only to show its shape. One program for every block.
 */
import { dirname, join } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './readme-blocks.js';

export interface BlockSource {
  block: CodeBlock;
  /** Absolute path of the module the block becomes. */
  file: string;
  text: string;
  /** Lines before the block's first line in `text` (the preamble, or a setup's prelude). */
  prefixLines: number;
}

/** The module a block becomes: what goes before it, the block, and `export {}` so it is a module even without imports. */
export function blockSource(root: string, block: CodeBlock, prefix: string): BlockSource {
  const file = join(root, dirname(block.readme), `README.md.line-${block.line}.ts`);
  const head = prefix === '' ? '' : `${prefix.replace(/\n*$/, '')}\n`;
  return { block, file, text: `${head}${block.code}\nexport {};\n`, prefixLines: head === '' ? 0 : head.split('\n').length - 1 };
}

export function compilerOptions(root: string): ts.CompilerOptions {
  const base = ts.readConfigFile(join(root, 'tsconfig.base.json'), (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, root);
  return {
    ...options,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    noUnusedLocals: false,
    noUnusedParameters: false,
    moduleDetection: ts.ModuleDetectionKind.Force,
  };
}

/** Problems per block, each as `README.md:line:column TSnnnn message` at the README's own line. */
export function compileBlocks(root: string, sources: BlockSource[]): Map<BlockSource, string[]> {
  const options = compilerOptions(root);
  const byFile = new Map(sources.map((source) => [source.file, source]));
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (path) => byFile.has(path) || fileExists.call(host, path);
  host.readFile = (path) => byFile.get(path)?.text ?? readFile.call(host, path);
  host.getSourceFile = (path, language, ...rest) => {
    const source = byFile.get(path);
    return source ? ts.createSourceFile(path, source.text, language, true) : getSourceFile.call(host, path, language, ...rest);
  };
  const program = ts.createProgram({ rootNames: [...byFile.keys()], options, host });
  const problems = new Map(sources.map((source) => [source, [] as string[]]));
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  if (global.length > 0) throw new Error(ts.formatDiagnostics(global, formatHost(root)));
  for (const source of sources) {
    const sourceFile = program.getSourceFile(source.file)!;
    for (const diagnostic of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
      problems.get(source)!.push(describe(source, diagnostic));
    }
  }
  return problems;
}

function describe(source: BlockSource, diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const { line, character } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const { block } = source;
  // A problem in the preamble is reported at the comment that holds it.
  const at = line < source.prefixLines ? `${block.directiveLine + 1 + line}` : `${block.line + line - source.prefixLines}:${character + 1}`;
  return `${block.readme}:${at} TS${diagnostic.code} ${message}`;
}

function formatHost(root: string): ts.FormatDiagnosticsHost {
  return { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
}
