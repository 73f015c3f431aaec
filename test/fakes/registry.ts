/**
 * Every bundled fake, by the connector family it stands in for. Nothing is listed here: each
 * fake's entry module (test/fakes/<name>.ts, the file tests import) exports its `bundledFake`, so a
 * new fake (`pnpm new-connector` writes one) is found with no list to update. `switchyard fake`
 * reads this; a test checks there is exactly one per spec in specs/ and that each works through
 * its generated connector.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BundledFake } from './bundled.js';

export type { BundledFake } from './bundled.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Modules beside the entries that are not fakes. */
const NOT_FAKES = new Set(['bundled.ts', 'harness.ts', 'registry.ts']);

/** The fakes, sorted by family; two fakes claiming one family is a mistake, reported as such. */
export async function bundledFakes(): Promise<BundledFake[]> {
  const entries = readdirSync(HERE).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !NOT_FAKES.has(file));
  const fakes: BundledFake[] = [];
  for (const file of entries.sort()) {
    const module = (await import(pathToFileURL(join(HERE, file)).href)) as { bundledFake?: BundledFake };
    if (module.bundledFake === undefined) continue;
    const twin = fakes.find((fake) => fake.family === module.bundledFake!.family);
    if (twin) throw new Error(`test/fakes/${file}: a second fake for the ${twin.family} family`);
    fakes.push(module.bundledFake);
  }
  return fakes.sort((a, b) => a.family.localeCompare(b.family));
}
