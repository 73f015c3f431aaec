/**
 * Derives generator/src/spec/spec-types.ts (the TypeScript shape of a validated spec) from
 * specs/connector.schema.json, so the spec format has one source of truth: the published schema.
 * `pnpm generate` rewrites the file when the schema changes and `pnpm generate --check` fails when
 * the committed file is stale, exactly like the generated connector packages.
 */
import { readFileSync } from 'node:fs';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { formatFile } from '../output/format.js';
import { pascalCase } from '../spec/defaults.js';

const HEADER =
  '// Generated from specs/connector.schema.json by generator/src/workspace/spec-types-from-schema.ts (json-schema-to-typescript). ' +
  'Do not edit: change the schema and run pnpm generate.\n';

export async function specTypesSource(schemaFile: string, prettierConfig: string, shownPath: string): Promise<string> {
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as JSONSchema;
  const text = await compile(schema, 'SpecData', {
    bannerComment: '',
    format: false,
    // `default` and `equals` accept any JSON value: unknown, not any.
    unknownAny: true,
    // minItems: 1 would otherwise become a tuple type that spec literals in tests cannot satisfy.
    ignoreMinAndMaxItems: true,
    // Every definition gets a type, referenced or not, so the generator can name each part of a spec.
    unreachableDefinitions: true,
    // Spec* names: `record` must not become an interface called Record, shadowing the global type.
    customName: (node, definitionKey) =>
      node.$id === schema.$id ? 'SpecData' : definitionKey ? `Spec${pascalCase(definitionKey)}` : node.$id ? `Spec${node.$id}` : undefined,
  });
  return formatFile(shownPath, HEADER + text, prettierConfig);
}
