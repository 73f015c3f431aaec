// Copies what the built generator reads at run time into dist/assets, so an installed
// @switchyard/generator has them (src/standalone.ts, assetPaths): the spec schema, the package
// templates, the formatting settings and the license every generated package ships.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const assets = join(import.meta.dirname, '..', 'dist', 'assets');
mkdirSync(assets, { recursive: true });
cpSync(join(root, 'specs', 'connector.schema.json'), join(assets, 'connector.schema.json'));
cpSync(join(root, 'templates'), join(assets, 'templates'), { recursive: true });
cpSync(join(root, '.prettierrc.json'), join(assets, 'prettierrc.json'));
cpSync(join(root, 'LICENSE'), join(assets, 'LICENSE'));
