// Part of `pnpm build`: dumps a new PGlite data directory, migrated to this release's schema, next to
// the built store module (dist/store/pglite-template.tgz), which `openPgliteEngine` loads for a store
// on disk that does not exist yet instead of running initdb and every migration
// (src/store/pglite-engine.ts says why).
import { writeFile } from 'node:fs/promises';
import { dumpPgliteDataDir, migrate } from '../dist/index.js';
import { SHIPPED_TEMPLATE_FILE } from '../dist/store/shipped-template.js';

const target = new URL(`../dist/store/${SHIPPED_TEMPLATE_FILE}`, import.meta.url);
const dump = await dumpPgliteDataDir('gzip', (engine) => migrate(engine));
await writeFile(target, new Uint8Array(await dump.arrayBuffer()));
