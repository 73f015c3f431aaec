/** Renders the non-code files (package.json, tsconfig.json, README.md) from handlebars templates. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import type { ActionIR, ConnectorIR, ParamIR } from '../ir/connector-ir.js';
import type { EntitySyncRule } from '@switchyard/runtime';
import type { NamedParam } from '../spec/named-types.js';
import type { SpecParam } from '../spec/spec-types.js';
import { toTypeScript } from '../spec/type-expr.js';
import { ruleWords } from './rules.js';

const hb = Handlebars.create();
hb.registerHelper('jsonString', (value: unknown) => JSON.stringify(String(value ?? '')).slice(1, -1));

/**
 * Where a generated package lives, which decides the few lines that differ: in this repository
 * (`pnpm generate`), or anywhere else (`switchyard-generate <spec> --out <dir>`, ../standalone.ts).
 */
export interface PackageTarget {
  /** The range the package depends on `@switchyard/runtime` with. */
  readonly runtimeRange: string;
  /** The command that regenerates it, named in every generated file's header. */
  readonly regenerate: string;
  /** A tsconfig of its own (outside the repository) instead of one extending the repository's base. */
  readonly standalone: boolean;
}

/** A package in this repository's workspace: pnpm turns `workspace:^` into `^<version>` when it publishes. */
export const WORKSPACE_TARGET: PackageTarget = { runtimeRange: 'workspace:^', regenerate: 'pnpm generate', standalone: false };

export function renderPackageFiles(ir: ConnectorIR, templatesDir: string, version: string, target: PackageTarget): Map<string, string> {
  const view = {
    ...viewModel(ir),
    version,
    runtimeRange: target.runtimeRange,
    regenerate: target.regenerate,
    standalone: target.standalone,
  };
  const files = new Map<string, string>();
  for (const [template, output] of [
    ['package.json.hbs', 'package.json'],
    ['tsconfig.json.hbs', 'tsconfig.json'],
    ['README.md.hbs', 'README.md'],
  ] as const) {
    const render = hb.compile(readFileSync(join(templatesDir, template), 'utf8'), { noEscape: true, strict: false });
    files.set(output, render(view));
  }
  return files;
}

function viewModel(ir: ConnectorIR) {
  return {
    ...ir,
    vendorKeyword: ir.vendor.split(' ')[0]!.toLowerCase(),
    shortDescription: `${ir.title} connector for Switchyard on the ${ir.vendor}: typed entity actions, pagination, retries and validation.`,
    exampleAuth: Object.entries(ir.auth[0]!.fields)
      .filter(([, f]) => f.required)
      .map(([name]) => `${name}: process.env.${envName(ir, name)}!`)
      .join(', '),
    exampleConfig: ir.config.map(([name, p]) => `${name}: ${exampleValue(p)}`).join(', '),
    exampleCalls: exampleCalls(ir),
    auth: ir.auth.map((k) => ({
      name: k.name,
      fieldList: Object.entries(k.fields).map(([name, f]) => ({ name, required: f.required })),
      wire: wireOf(k),
    })),
    actionRows: ir.entities.flatMap((e) =>
      e.actions.map((a) => ({ entity: e.name, action: a.name, call: callOf(a), returns: returnsOf(a) })),
    ),
    entities: ir.entities.map((e) => ({
      name: e.name,
      actions: e.actions.map((a) => ({
        name: a.name,
        description: a.description,
        paramRows: a.params.map(([name, p]) => paramRow(name, p)),
        metaList: a.meta.map((m) => `\`${m.name}\``).join(', '),
      })),
    })),
    replicationRows: ir.replication.map(([name, p]) => paramRow(name, p)),
    syncRows: ir.entities.flatMap((e) => (e.sync ? [syncRow(e.name, e.sync)] : [])),
    bodyErrors: ir.bodyErrors
      .map((r) => (r.nonEmpty ? `non-empty \`${r.when}\`` : `\`${r.when}: ${JSON.stringify(r.equals)}\``))
      .join(', '),
    hasGraphql: ir.entities.some((e) => e.actions.some((a) => a.request?.graphql)),
    records: ir.records.map((r) => ({
      name: r.name,
      description: r.description,
      fieldList: r.fields.map((f) => `\`${f.name}\` ${escapePipes(toTypeScript(f.type))}`).join(', '),
    })),
  };
}

function envName(ir: ConnectorIR, field: string): string {
  return `${ir.name.replace(/-/g, '_')}_${field}`.toUpperCase();
}

function exampleCalls(ir: ConnectorIR): string {
  const list = ir.entities.flatMap((e) => e.actions).find((a) => a.kind === 'list' && !a.params.some(([, p]) => p.required));
  const get = ir.entities.flatMap((e) => e.actions).find((a) => a.kind === 'get');
  const lines: string[] = [];
  if (list) {
    lines.push(`const page = await connector.${list.entity}.list(); // { data, meta }`);
    lines.push(`for await (const record of connector.${list.entity}.list()) {`, '  console.log(record);', '}');
  }
  if (get) {
    const args = get.params
      .filter(([, p]) => p.required)
      .map(([n, p]) => `${n}: ${exampleValue(p)}`)
      .join(', ');
    lines.push(`const { data } = await connector.${get.entity}.get({ ${args} });`);
  }
  return lines.join('\n');
}

/**
 * A value for a parameter in the README's example that type-checks (test/docs compiles it): the
 * default or first allowed value when the spec names one, else a placeholder of the right type.
 */
function exampleValue(p: ParamIR): string {
  const value = p.default ?? p.enum?.[0];
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (p.type === 'integer' || p.type === 'number') return '123';
  if (p.type === 'boolean') return 'true';
  if (p.type === 'array') return '[]';
  if (p.type === 'object') return '{}';
  return "'…'";
}

function wireOf(kind: ConnectorIR['auth'][number]): string {
  switch (kind.kind) {
    case 'bearer':
      return `\`Authorization: Bearer ${kind.token}\``;
    case 'basic':
      return `HTTP Basic, username \`${kind.username}\`, password ${kind.password ? `\`${kind.password}\`` : 'empty'}`;
    case 'header':
      return `\`${kind.header}: ${kind.value}\``;
    case 'oauth2':
      return `\`Authorization: Bearer …\`; ${kind.grant === 'client_credentials' ? 'tokens fetched with the client-credentials grant' : 'refreshed with the refresh token'} at \`${kind.tokenUrl}\` (single-flight, before expiry and after a 401)`;
  }
}

function callOf(a: ActionIR): string {
  if (a.hostedOnly) return 'hosted only (synced copy)';
  if (!a.request) return '';
  if (a.request.graphql) return `GraphQL ${a.request.graphql.operationType} \`${a.request.graphql.operationName}\``;
  const first = `\`${a.request.method} ${a.request.path}\``;
  return a.download && !('direct' in a.download) ? `${first}, then the file URL` : first;
}

function returnsOf(a: ActionIR): string {
  if (a.kind === 'search') return 'search hits';
  if (a.kind === 'download') return 'byte stream';
  const record = a.returns ?? 'object';
  return a.returnsList ? `${record}[]` : record;
}

/** How the service fills an entity's synced copy, in words for the README. */
function syncRow(entity: string, rule: EntitySyncRule) {
  return {
    entity,
    source: `\`${entity}.${rule.action}\`${rule.forEach ? ` for every record of \`${rule.forEach.entity}\` (\`${rule.forEach.param}\` = its \`${rule.forEach.field}\`)` : ''}`,
    later: rule.incremental
      ? `incremental: records with \`${rule.incremental.param}\` after the newest \`${rule.incremental.field}\` seen`
      : 'full refresh (records the vendor no longer returns are removed)',
    startDate: rule.startDate ? `\`${rule.startDate.param}\`` : 'not pushed to the vendor',
  };
}

function paramRow(name: string, p: ParamIR | SpecParam) {
  return {
    name,
    type: p.enum
      ? p.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ')
      : p.type === 'array' && p.items
        ? `array of ${(p.items as NamedParam).typeName ?? p.items.type}`
        : ((p as NamedParam).typeName ?? p.type),
    required: p.required ? 'yes' : 'no',
    rules: escapePipes(ruleWords(p)),
    description: escapePipes(p.description ?? ''),
  };
}

function escapePipes(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
