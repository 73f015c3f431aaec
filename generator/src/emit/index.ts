/** Emits src/index.ts: the package's public surface: its own exports, then the runtime's public entry. */
import type { Project } from 'ts-morph';
import type { ConnectorIR } from '../ir/connector-ir.js';
import { optionsType, resourceClass } from './names.js';

export function emitIndex(project: Project, ir: ConnectorIR): void {
  const file = project.createSourceFile('src/index.ts', '', { overwrite: true });
  file.addExportDeclaration({
    moduleSpecifier: './client.js',
    namedExports: [ir.className, ...ir.entities.map(resourceClass)],
  });
  file.addExportDeclaration({ moduleSpecifier: './client.js', namedExports: [optionsType(ir)], isTypeOnly: true });
  file.addExportDeclaration({ moduleSpecifier: './types.js', isTypeOnly: true });
  file.addExportDeclaration({ moduleSpecifier: './metadata.js', namedExports: ['metadata'] });
  file.addExportDeclaration({
    moduleSpecifier: './schemas.js',
    namedExports: ['paramSchemas', 'recordSchemas', 'searchableFields', 'replicationSchema', 'configSchema', 'credentialKinds'],
  });
  // Everything the runtime's public entry exports (errors, Page, the options, result, metadata and
  // search types), so a user depends on this package alone. No list here: the runtime's public
  // entry is that list, and runtime-imports.ts refuses a local name that would hide one of it.
  file.addExportDeclaration({ moduleSpecifier: '@switchyard/runtime' });
  file.insertStatements(0, `/** ${ir.packageName}: the ${ir.title} connector (${ir.vendor}). */`);
}
