/**
 * The TypeScript code blocks of the repository's READMEs, with what the comment before each says
 * about it (CONTRIBUTING.md, "Code blocks in READMEs"):
 *
 *   (nothing)                    a complete module: compiled as written
 *   <!-- compile: fragment       a part of a longer example: compiled after the TypeScript lines
 *   declare const x: X;          of the comment, which import or declare the names the block takes
 *   -->                          from the text around it
 *   <!-- run: <setup> [args] --> a complete module, compiled, then run with a setup (run-setups.ts)
 *
 * Only the comment directly before a block counts (blank lines between are allowed); other HTML
 * comments are ignored. Blocks fenced as ts, typescript, js or javascript are code; sh, json, yaml
 * and the rest are not compiled.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Directive = { kind: 'module' } | { kind: 'fragment'; preamble: string } | { kind: 'run'; setup: string; args: string[] };

export interface CodeBlock {
  /** The README, relative to the repository root. */
  readme: string;
  /** 1-based line of the block's first code line. */
  line: number;
  /** 1-based line where the directive's comment starts (the fence's line when there is none). */
  directiveLine: number;
  code: string;
  directive: Directive;
}

/** The environment variable vendor-hosts.ts reads in a block `run: fakes` runs: [vendor base URL, fake base URL] pairs. */
export const HOSTS_ENV = 'SWITCHYARD_README_HOSTS';

const CODE_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript']);
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;

/** Every README.md in the repository that git tracks or would track (new files count before they are committed). */
export function readmeFiles(root: string): string[] {
  const list = (...args: string[]) =>
    execFileSync('git', ['ls-files', '-z', ...args, '--', 'README.md', '**/README.md'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  // A copy without git (the add-a-connector check's): every README.md outside node_modules and dist.
  if (!existsSync(join(root, '.git'))) return walkReadmes(root, '').sort();
  return [...new Set([...list(), ...list('--others', '--exclude-standard')])].filter((file) => existsSync(join(root, file))).sort();
}

const NOT_SOURCES = new Set(['node_modules', 'dist', '.turbo', '.git', 'coverage']);

function walkReadmes(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_SOURCES.has(entry.name) ? [] : walkReadmes(root, path);
    return entry.name === 'README.md' ? [path] : [];
  });
}

export function codeBlocks(root: string, readme: string): CodeBlock[] {
  return codeBlocksOf(readme, readFileSync(join(root, readme), 'utf8'));
}

export function codeBlocksOf(readme: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, language] = open;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^\\s*${fence![0]}{${fence!.length},}\\s*$`).test(lines[end]!)) end++;
    if (CODE_LANGUAGES.has(language!.toLowerCase())) {
      const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line.trimStart()));
      const { directive, line } = directiveBefore(readme, lines, i);
      blocks.push({ readme, line: i + 2, directiveLine: line, code: body.join('\n'), directive });
    }
    i = end;
  }
  return blocks;
}

/** The directive in the HTML comment just before line `fence` (0-based), if any. */
function directiveBefore(readme: string, lines: string[], fence: number): { directive: Directive; line: number } {
  let last = fence - 1;
  while (last >= 0 && lines[last]!.trim() === '') last--;
  if (last < 0 || !lines[last]!.trimEnd().endsWith('-->')) return { directive: { kind: 'module' }, line: fence + 1 };
  let first = last;
  while (first >= 0 && !lines[first]!.includes('<!--')) first--;
  if (first < 0) return { directive: { kind: 'module' }, line: fence + 1 };
  const comment = lines
    .slice(first, last + 1)
    .join('\n')
    .replace(/^[\s\S]*?<!--/, '')
    .replace(/-->\s*$/, '');
  const match = /^\s*(compile|run)\s*:\s*(.*)$/s.exec(comment);
  if (!match) return { directive: { kind: 'module' }, line: fence + 1 };
  const [firstLine, ...rest] = match[2]!.split('\n');
  const words = firstLine!.trim().split(/\s+/).filter(Boolean);
  const where = `${readme}:${first + 1}`;
  if (match[1] === 'compile') {
    if (words.length !== 1 || words[0] !== 'fragment')
      throw new Error(`${where}: "compile:" takes "fragment" (then TypeScript lines), not "${firstLine!.trim()}"`);
    return { directive: { kind: 'fragment', preamble: rest.join('\n').trimEnd() }, line: first + 1 };
  }
  if (words.length === 0) throw new Error(`${where}: "run:" names a setup (see test/docs/run-setups.ts)`);
  if (rest.some((line) => line.trim() !== '')) throw new Error(`${where}: a run block is a complete module; its comment has one line`);
  return { directive: { kind: 'run', setup: words[0]!, args: words.slice(1) }, line: first + 1 };
}

/** `@switchyard/connector-<family>` packages a block imports, by family. */
export function connectorFamilies(code: string): string[] {
  return [...new Set([...code.matchAll(/['"]@switchyard\/connector-([a-z0-9-]+)['"]/g)].map((m) => m[1]!))];
}
