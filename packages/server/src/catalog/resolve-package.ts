/**
 * Where an operator-named connector package is: the file to import for `--connector-package <name
 * or path>`. A path (starting with `.` or `/`, or absolute) is read from the working directory: a
 * file is imported as it is; a directory through its package.json (`exports`, then `main`) or its
 * index.js. A package name is looked up in the node_modules folders of the working directory and
 * its parents (where an operator installs it, next to a service run with npx or from a project),
 * then as the service itself would import it (installed beside the service).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigurationError } from '@switchyard/runtime';

export interface ResolvedPackage {
  /** file: URL of the module to import. */
  readonly url: string;
  /** The package's folder, when it has a package.json. */
  readonly directory?: string;
}

/** Conditions an ESM `import()` in Node matches, in the order Node tries an export's keys. */
const CONDITIONS = new Set(['node', 'import', 'default']);

export function isPathSpecifier(specifier: string): boolean {
  return specifier.startsWith('.') || specifier.startsWith('/') || isAbsolute(specifier);
}

export function resolveConnectorPackage(specifier: string, cwd: string): ResolvedPackage {
  if (isPathSpecifier(specifier)) {
    const path = resolve(cwd, specifier);
    const stats = statOf(path);
    if (!stats) throw new ConfigurationError(`connector package "${specifier}": ${path} does not exist`);
    return stats.isDirectory() ? entryOfDirectory(specifier, path) : { url: pathToFileURL(path).href };
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', ...specifier.split('/'));
    if (existsSync(join(candidate, 'package.json'))) return entryOfDirectory(specifier, candidate);
    if (dirname(dir) === dir) break;
  }
  try {
    // Beside the service: what `import(specifier)` from the service's own code would load.
    return { url: import.meta.resolve(specifier) };
  } catch {
    throw new ConfigurationError(
      `connector package "${specifier}": not found in node_modules of ${resolve(cwd)} or its parents, nor beside the service; ` +
        'install it, or give its folder as a path (./…, /…)',
    );
  }
}

/** The module a folder stands for: its package.json's `exports` (the `.` entry) or `main`, else index.js. */
function entryOfDirectory(specifier: string, directory: string): ResolvedPackage {
  const manifestFile = join(directory, 'package.json');
  if (!existsSync(manifestFile)) {
    const index = ['index.js', 'index.mjs'].map((name) => join(directory, name)).find((file) => existsSync(file));
    if (!index) throw new ConfigurationError(`connector package "${specifier}": ${directory} has no package.json and no index.js`);
    return { url: pathToFileURL(index).href };
  }
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigurationError(`connector package "${specifier}": ${manifestFile} is not JSON (${(error as Error).message})`);
  }
  const target = exportTarget(manifest['exports']) ?? (typeof manifest['main'] === 'string' ? manifest['main'] : 'index.js');
  const file = resolve(directory, target);
  if (!statOf(file)?.isFile()) {
    const built = /(^|\/)dist\//.test(target) ? ' (is it built? run its build, e.g. npm run build)' : '';
    throw new ConfigurationError(`connector package "${specifier}": its entry ${file} does not exist${built}`);
  }
  return { url: pathToFileURL(file).href, directory };
}

/** The `.` entry of an `exports` field for an ESM import in Node, or undefined when it names none. */
function exportTarget(exports: unknown): string | undefined {
  if (typeof exports === 'string') return exports;
  if (Array.isArray(exports)) {
    for (const entry of exports) {
      const target = exportTarget(entry);
      if (target !== undefined) return target;
    }
    return undefined;
  }
  if (typeof exports !== 'object' || exports === null) return undefined;
  const entries = Object.entries(exports);
  // Subpath keys start with `.`; otherwise the object is the conditions of `.` itself.
  if (entries.some(([key]) => key.startsWith('.'))) return exportTarget((exports as Record<string, unknown>)['.']);
  for (const [condition, target] of entries) {
    if (!CONDITIONS.has(condition)) continue;
    const found = exportTarget(target);
    if (found !== undefined) return found;
  }
  return undefined;
}

function statOf(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
