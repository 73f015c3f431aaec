/**
 * Emits src/client.ts: the connector class and one small resource class per entity. Each method
 * is a few lines that hand `{entity, action, params}` to the client, Stainless style.
 */
import type { Project } from 'ts-morph';
import { Scope } from 'ts-morph';
import type { ActionIR, ConnectorIR, EntityIR } from '../ir/connector-ir.js';
import {
  authType,
  configType,
  metaType,
  operationsType,
  optionsType,
  paramsOptional,
  paramsType,
  recordTypeOf,
  resourceClass,
} from './names.js';
import { resultType } from './types.js';

export function emitClient(project: Project, ir: ConnectorIR): void {
  const file = project.createSourceFile('src/client.ts', '', { overwrite: true });
  file.addImportDeclaration({ moduleSpecifier: '@switchyard/runtime', namedImports: ['ConnectorClient', 'HostedExecutor', 'Resource'] });
  file.addImportDeclaration({
    moduleSpecifier: '@switchyard/runtime',
    namedImports: ['Executor', 'HostedOptions', 'OpenSourceOptions', 'PagePromise', 'RequestOptions'],
    isTypeOnly: true,
  });
  file.addImportDeclaration({ moduleSpecifier: './metadata.js', namedImports: ['metadata'] });
  const typeImports = new Set<string>([authType(ir), configType(ir), operationsType(ir)]);
  for (const entity of ir.entities) {
    for (const action of entity.actions) {
      typeImports.add(paramsType(action));
      if (action.returnsList) {
        if (action.returns) typeImports.add(action.returns);
        typeImports.add(action.meta.length ? metaType(action) : 'EmptyMeta');
      }
    }
  }
  file.addImportDeclaration({ moduleSpecifier: './types.js', namedImports: [...typeImports].sort(), isTypeOnly: true });

  const configRequired = ir.config.some(([, p]) => p.required);
  file.addTypeAlias({
    name: optionsType(ir),
    isExported: true,
    docs: ['Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger).'],
    type: configRequired
      ? `Omit<OpenSourceOptions<${authType(ir)}, ${configType(ir)}>, 'config'> & { config: ${configType(ir)} }`
      : `OpenSourceOptions<${authType(ir)}, ${configType(ir)}>`,
  });

  file.addClass({
    name: ir.className,
    isExported: true,
    extends: `ConnectorClient<${operationsType(ir)}>`,
    docs: [
      `${ir.title} connector on the ${ir.vendor}.\n\n` +
        '```ts\n' +
        `const connector = new ${ir.className}({ auth: { … } });\n` +
        'const page = await connector.execute(entity, action, params); // { data, meta }\n' +
        '```',
    ],
    properties: ir.entities.map((e) => ({
      name: e.name,
      type: resourceClass(e),
      isReadonly: true,
      docs: [e.description ?? `The ${e.name} entity.`],
    })),
    ctors: [
      {
        parameters: [{ name: 'options', type: `${optionsType(ir)} | { executor: Executor }` }],
        statements: ['super(metadata, options);', ...ir.entities.map((e) => `this.${e.name} = new ${resourceClass(e)}(this);`)],
      },
    ],
    methods: [
      {
        name: 'hosted',
        isStatic: true,
        docs: [
          'Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the\n' +
            'synced copy `search` queries. Same methods, results and errors as open-source mode.\n\n' +
            '```ts\n' +
            `const connector = ${ir.className}.hosted({ baseUrl, externalUserId, clientId, clientSecret });\n` +
            '```',
        ],
        parameters: [{ name: 'options', type: 'HostedOptions' }],
        returnType: ir.className,
        statements: [`return new ${ir.className}({ executor: new HostedExecutor(metadata, options) });`],
      },
    ],
  });

  for (const entity of ir.entities) emitResource(file, ir, entity);
}

function emitResource(file: import('ts-morph').SourceFile, ir: ConnectorIR, entity: EntityIR): void {
  file.addClass({
    name: resourceClass(entity),
    isExported: true,
    extends: `Resource<${ir.className}>`,
    docs: [entity.description ?? `Actions of ${entity.name}.`],
    methods: entity.actions.map((action) => ({
      name: action.name,
      scope: Scope.Public,
      docs: [methodDoc(action)],
      parameters: [
        { name: 'params', type: paramsType(action), ...(paramsOptional(action) ? { initializer: '{}' } : {}) },
        { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
      ],
      returnType: returnType(ir, action),
      statements: [
        action.returnsList
          ? `return this._client.requestPage('${action.entity}', '${action.name}', params, options);`
          : `return this._client.request('${action.entity}', '${action.name}', params, options);`,
      ],
    })),
  });
}

function returnType(ir: ConnectorIR, action: ActionIR): string {
  if (action.returnsList) {
    return `PagePromise<${recordTypeOf(action)}, ${action.meta.length ? metaType(action) : 'EmptyMeta'}>`;
  }
  // Through the operation map, so helpers and execute() share one result type.
  return `Promise<${operationsType(ir)}['${action.entity}']['${action.name}']['result']>`;
}

function methodDoc(action: ActionIR): string {
  const lines = [action.description];
  if (action.hostedOnly) {
    lines.push('', 'Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.');
  } else if (action.request) {
    const target = action.request.graphql
      ? `GraphQL ${action.request.graphql.operationType} ${action.request.graphql.operationName}`
      : `${action.request.method} ${action.request.path}`;
    lines.push('', `Vendor call: \`${target}\`.`);
  }
  if (action.returnsList) {
    lines.push('', '`await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.');
  }
  if (action.kind === 'download') lines.push('', '`data` is an async iterable of `Uint8Array` chunks, streamed as you read it.');
  lines.push('', `Resolves like \`execute('${action.entity}', '${action.name}', params)\`: ${resultType(action)}.`);
  return lines.join('\n');
}
