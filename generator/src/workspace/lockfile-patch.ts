/**
 * Updates pnpm-lock.yaml's `importers` for connectors added or removed, the way pnpm would, so
 * that `pnpm install --offline --frozen-lockfile` can then link them without any network.
 *
 * Why not let pnpm do it: `pnpm install --offline` resolves a NEW importer's dependencies afresh
 * and needs registry metadata for their sub-dependencies (for @types/node, undici-types), which a
 * store filled by a frozen install (CI, a fresh clone) does not hold: it fails with
 * ERR_PNPM_NO_OFFLINE_META. Every generated package has the same dependency list (the template's),
 * so a new connector's importer entry is a copy of a sibling's with the same specifiers: the same
 * resolved versions, and the same relative link to the runtime. The root and server entries are
 * workspace links. When no sibling has the same dependency list (the template gained a dependency),
 * this gives up and the caller falls back to a resolving install.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { CONNECTOR_SCOPE, WIRED_MANIFESTS } from './workspace-wiring.js';

/** One importer: its key line and the lines under it (fields at 4 spaces, packages at 6, details at 8). */
interface Block {
  key: string;
  lines: string[];
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const unquote = (name: string) => name.replace(/^'(.*)'$/, '$1');
const quoteName = (name: string) => (/^[@]/.test(name) ? `'${name}'` : name);

function splitSection(lockText: string): { before: string; blocks: Block[]; after: string } | undefined {
  const start = lockText.indexOf('\nimporters:\n');
  if (start === -1) return undefined;
  const bodyStart = start + '\nimporters:\n'.length;
  const next = /\n[^\s#][^\n]*:\n/g;
  next.lastIndex = bodyStart - 1;
  const end = next.exec(lockText)?.index ?? lockText.length;
  const blocks: Block[] = [];
  for (const line of lockText.slice(bodyStart, end).split('\n')) {
    if (line.trim() === '') continue;
    const key = /^ {2}(\S.*):$/.exec(line);
    if (key) blocks.push({ key: key[1]!, lines: [] });
    else if (blocks.length > 0 && line.startsWith('    ')) blocks.at(-1)!.lines.push(line);
    else return undefined; // not the layout this code knows: leave the file to pnpm
  }
  return { before: lockText.slice(0, bodyStart), blocks, after: lockText.slice(end) };
}

function joinSection(parts: { before: string; blocks: Block[]; after: string }): string {
  const body = parts.blocks.map((b) => [`  ${b.key}:`, ...b.lines].join('\n')).join('\n\n');
  return `${parts.before}\n${body}\n${parts.after}`;
}

/** The entries of one dependency field of an importer block: name → its detail lines. */
function fieldEntries(block: Block, field: string): Map<string, string[]> | undefined {
  const at = block.lines.indexOf(`    ${field}:`);
  if (at === -1) return undefined;
  const entries = new Map<string, string[]>();
  for (let i = at + 1; i < block.lines.length && block.lines[i]!.startsWith('      '); i++) {
    const line = block.lines[i]!;
    const name = /^ {6}(\S.*):$/.exec(line);
    if (name) entries.set(unquote(name[1]!), []);
    else [...entries.values()].at(-1)?.push(line);
  }
  return entries;
}

function replaceField(block: Block, field: string, entries: Map<string, string[]>): void {
  const at = block.lines.indexOf(`    ${field}:`);
  let end = at + 1;
  while (end < block.lines.length && block.lines[end]!.startsWith('      ')) end++;
  const sorted = [...entries].sort(([a], [b]) => byCodeUnit(a, b));
  block.lines.splice(at + 1, end - at - 1, ...sorted.flatMap(([name, lines]) => [`      ${quoteName(name)}:`, ...lines]));
}

function readManifest(root: string, importer: string): Record<string, Record<string, string> | undefined> | undefined {
  const file = join(root, importer, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>) : undefined;
}

const dependencyKey = (manifest: Record<string, Record<string, string> | undefined>) =>
  JSON.stringify(
    ['dependencies', 'devDependencies', 'optionalDependencies'].map((f) =>
      Object.entries(manifest[f] ?? {}).sort(([a], [b]) => byCodeUnit(a, b)),
    ),
  );

/**
 * pnpm-lock.yaml's text with importers for `families` (packages/connector-<family>, on disk) and
 * none for removed connectors, and the root and server links following their manifests; or
 * undefined when the file is not in a shape this can patch safely.
 */
export function patchLockfile(root: string, lockText: string, families: readonly string[]): string | undefined {
  const parts = splitSection(lockText);
  if (!parts) return undefined;
  const wanted = new Set(families.map((f) => `packages/connector-${f}`));
  // Removed connectors.
  parts.blocks = parts.blocks.filter((b) => !b.key.startsWith('packages/connector-') || wanted.has(b.key));
  // New connectors: a copy of a sibling with the same dependency list.
  for (const importer of wanted) {
    if (parts.blocks.some((b) => b.key === importer)) continue;
    const manifest = readManifest(root, importer);
    if (!manifest) return undefined;
    const sibling = parts.blocks.find((b) => {
      if (!b.key.startsWith('packages/connector-')) return false;
      const other = readManifest(root, b.key);
      return other !== undefined && dependencyKey(other) === dependencyKey(manifest);
    });
    if (!sibling) return undefined;
    parts.blocks.push({ key: importer, lines: [...sibling.lines] });
  }
  // The root and the server: workspace links to exactly the connectors their manifests name.
  for (const { file, field } of WIRED_MANIFESTS) {
    const importer = posix.dirname(file);
    const block = parts.blocks.find((b) => b.key === importer);
    const manifest = readManifest(root, importer);
    const entries = block && fieldEntries(block, field);
    if (!block || !manifest || !entries) return undefined;
    for (const name of [...entries.keys()]) if (name.startsWith(CONNECTOR_SCOPE)) entries.delete(name);
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (!name.startsWith(CONNECTOR_SCOPE)) continue;
      const target = `packages/connector-${name.slice(CONNECTOR_SCOPE.length)}`;
      entries.set(name, [`        specifier: ${range}`, `        version: link:${posix.relative(importer, target)}`]);
    }
    replaceField(block, field, entries);
  }
  parts.blocks.sort((a, b) => byCodeUnit(a.key, b.key));
  return joinSection(parts);
}
