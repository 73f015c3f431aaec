/**
 * The connectors of this repository as tests see them: one per spec in specs/*.yaml. A test that
 * spans connectors takes the set from here (or from the service's catalog, which the generator keeps
 * in step with specs/) and never lists it, so adding or removing a spec keeps it green
 * (CONTRIBUTING.md, "Tests and the set of connectors").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const SPECS_DIR = join(REPO_ROOT, 'specs');

/**
 * A spec's `name`, by the spec's text. Most suites ask for the set when they load, and in a worker
 * that runs many of them parsing every spec each time came to seconds of a run; keyed by the text,
 * a spec that a test edits is parsed again.
 */
const NAME_OF_SPEC_TEXT = new Map<string, unknown>();

/** The `name` of every connector spec in `dir` (`messaging`, `issue-tracker`, …), sorted. */
export function specNames(dir: string = SPECS_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      if (!NAME_OF_SPEC_TEXT.has(text)) {
        // Bounded for suites that write many specs of their own.
        if (NAME_OF_SPEC_TEXT.size >= 64) NAME_OF_SPEC_TEXT.clear();
        NAME_OF_SPEC_TEXT.set(text, (parse(text) as { name?: unknown }).name);
      }
      const name = NAME_OF_SPEC_TEXT.get(text);
      if (typeof name !== 'string') throw new Error(`${join(dir, file)} has no \`name\``);
      return name;
    })
    .sort();
}

/**
 * The connector whose spec is smallest (ties by name): tests that run the generator on one family
 * to check something about every family (drift, wiring, versions) take this one, because the
 * generator's time follows the spec's size (the largest takes about twice as long).
 */
export function quickestSpec(dir: string = SPECS_DIR): string {
  const sized = specNames(dir).map((name) => ({ name, size: statSync(join(dir, `${name}.yaml`)).size }));
  sized.sort((a, b) => a.size - b.size || a.name.localeCompare(b.name));
  const quickest = sized[0];
  if (!quickest) throw new Error(`${dir} holds no connector spec`);
  return quickest.name;
}

/**
 * `SWITCHYARD_MATRIX_ONLY=crm,messaging` narrows the suites that run once per connector (the matrix,
 * the dual-mode suite, packaging, parameter-schema agreement) to those connectors: for working on
 * one connector while another's fixture is unfinished, and for the add/remove check of
 * generator/test/new-connector.test.ts, which runs them again for the connector it adds. Checks over
 * the whole set (every spec has its package, its fixture) stay whole. CI never sets it.
 */
export function onlyConnectors(): string[] {
  return (process.env['SWITCHYARD_MATRIX_ONLY'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** `names` narrowed by SWITCHYARD_MATRIX_ONLY (all of them when it is unset). */
export function narrowedToOnly(names: readonly string[], only: readonly string[] = onlyConnectors()): string[] {
  return names.filter((name) => only.length === 0 || only.includes(name));
}

/** The parsed spec of `family` (specs/<family>.yaml), for tests that check what was made from it. */
export function readSpec(family: string): Record<string, unknown> {
  return parse(readFileSync(join(SPECS_DIR, `${family}.yaml`), 'utf8')) as Record<string, unknown>;
}
