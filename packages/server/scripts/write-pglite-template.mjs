// Part of `pnpm build`: writes a new PGlite data directory, migrated to this release's schema, next to
// the built store module (dist/store/pglite-template.tgz), which `openPgliteEngine` loads for a store
// on disk that does not exist yet instead of running initdb and every migration
// (src/store/write-template.ts says how the directory is made, and why).
import { fileURLToPath } from 'node:url';
import { migrate } from '../dist/index.js';
import { writePgliteTemplate } from '../dist/store/write-template.js';
import { SHIPPED_TEMPLATE_FILE } from '../dist/store/shipped-template.js';

await writePgliteTemplate(fileURLToPath(new URL(`../dist/store/${SHIPPED_TEMPLATE_FILE}`, import.meta.url)), (engine) => migrate(engine));
