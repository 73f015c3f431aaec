/**
 * What `exec` and `search` share: the connector to run (open-source from SWITCHYARD_<TYPE>_<FIELD>
 * variables, or a service's connector by id), one action run the way the MCP `execute` tool runs it
 * (runAction: `fields` projection, secrets scrubbed), and the result printed: `{data, meta}` with
 * --json, a table or key–value lines for people. Downloads stream to `--output` or stdout.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ActionMetadata, ExecuteResult } from '@switchyard/runtime';
import type { AgentConnector } from '../connectors/agent-connector.js';
import { credentialsFromEnv, MissingCredentialsError } from '../connectors/env-credentials.js';
import { openSourceConnector } from '../connectors/open-source.js';
import { runAction } from '../engine/run-action.js';
import { secretScrubber } from '../engine/scrub.js';
import { returnsList } from '../tools/action-kinds.js';
import type { CliContext } from './command-spec.js';
import { baseUrls, UsageError } from './options.js';
import { ServiceClient, resolveTarget } from './service-client.js';
import { keyValues, pathValue, recordColumns, table } from './table.js';

/** An open-source connector of `type` with credentials and config from the environment. */
export async function openSourceFromEnv(type: string, baseUrlEntries: readonly string[], context: CliContext): Promise<AgentConnector> {
  const pkg = (await context.packages.select([type], 'connector type'))[0]!;
  const baseUrl = baseUrls(baseUrlEntries, [type]).get(type);
  const found = credentialsFromEnv(pkg.metadata, context.env, { configOptional: baseUrl !== undefined });
  if ('problems' in found) throw new MissingCredentialsError(found.problems);
  context.out.addSecrets(...found.secrets);
  return openSourceConnector(pkg, {
    auth: found.auth,
    ...(Object.keys(found.config).length ? { config: found.config } : {}),
    ...(baseUrl ? { baseUrl } : {}),
  });
}

export interface HostedSelection {
  readonly service?: string | undefined;
  readonly profile?: string | undefined;
  readonly externalUserId?: string | undefined;
}

/** The service's connector `id`, run through its hosted executor. */
export async function hostedById(id: string, selection: HostedSelection, context: CliContext): Promise<AgentConnector> {
  const target = await resolveTarget(selection, context.env);
  context.out.addSecrets(target.clientSecret);
  const client = new ServiceClient(target, {
    externalUserId: selection.externalUserId,
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
  return client.connector(id, context.packages, context.fetch ? { fetch: context.fetch } : {});
}

export interface RunRequest {
  readonly fields?: readonly string[] | undefined;
  readonly intent?: string | undefined;
  /** Downloads: the file to write (default stdout). */
  readonly output?: string | undefined;
}

export async function runAndPrint(
  connector: AgentConnector,
  action: ActionMetadata,
  params: Record<string, unknown>,
  request: RunRequest,
  context: CliContext,
): Promise<number> {
  const { out } = context;
  if (action.kind === 'download') return download(connector, action, params, request, context);
  const result = await runAction(connector, action, params, {
    // The CLI has no read-only mode or allow-list, and no budget: a person or script asked for this output.
    settings: { readOnly: false, allow: () => true, budget: Number.MAX_SAFE_INTEGER, hosted: connector.mode === 'hosted' },
    fields: request.fields,
    skip: undefined,
    intent: request.intent,
    signal: undefined,
    paramsPath: '',
    structured: false,
    scrub: secretScrubber(connector.secrets ?? []),
  });
  const value = JSON.parse(result.text) as { data: unknown; meta: Record<string, unknown> };
  if (out.json) out.document(value);
  else out.text(humanResult(action, value, request.fields));
  return 0;
}

function humanResult(
  action: ActionMetadata,
  { data, meta }: { data: unknown; meta: Record<string, unknown> },
  fields?: readonly string[],
): string {
  if (action.kind === 'search') {
    const hits = (Array.isArray(data) ? data : []) as { id?: unknown; score?: unknown; data?: unknown }[];
    // A hit's id is its record's id: the table shows it once, in the hit's column.
    const columns = recordColumns(
      hits.map((h) => h.data),
      fields,
    ).filter((column) => column !== 'id');
    const next = meta['next_cursor'];
    return [
      table(
        ['id', 'score', ...columns],
        hits.map((h) => [h.id, h.score, ...columns.map((c) => pathValue(h.data, c))]),
      ),
      `${hits.length} hit${hits.length === 1 ? '' : 's'}${typeof next === 'string' ? `; next page: --cursor ${next}` : ''}`,
    ].join('\n');
  }
  if (returnsList(action) && Array.isArray(data)) {
    const columns = recordColumns(data, fields);
    const cursor = action.pagination ? meta[action.pagination.metaMember] : undefined;
    const rows =
      columns.length > 0
        ? table(
            columns,
            data.map((r) => columns.map((c) => pathValue(r, c))),
          )
        : data.map((r) => JSON.stringify(r)).join('\n');
    const next =
      cursor !== undefined && cursor !== null && action.pagination
        ? `; next page: --params '${JSON.stringify({ [action.pagination.cursorParam]: cursor })}' (with the same other params)`
        : '';
    return `${rows}\n${data.length} record${data.length === 1 ? '' : 's'}${next}`;
  }
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) return keyValues(Object.entries(data));
  return JSON.stringify(data, null, 2);
}

async function download(
  connector: AgentConnector,
  action: ActionMetadata,
  params: Record<string, unknown>,
  request: RunRequest,
  context: CliContext,
): Promise<number> {
  const { out } = context;
  if (request.fields !== undefined) throw new UsageError('--fields does not apply to a download: it returns a file, not records');
  if (request.output === undefined && out.json)
    throw new UsageError('a download with --json needs --output <file>: the file’s bytes and the JSON document cannot share stdout');
  if (request.output === undefined && out.tty) throw new UsageError('a download writes bytes: give --output <file>, or redirect stdout');
  if (request.output !== undefined) await checkOutputPath(request.output);
  const result: ExecuteResult = await connector.execute(
    { entity: action.entity, action: action.action, params },
    { intent: request.intent },
  );
  const stream = result.data as AsyncIterable<Uint8Array>;
  let bytes = 0;
  if (request.output === undefined) {
    for await (const chunk of stream) {
      bytes += chunk.length;
      await out.bytes(chunk);
    }
    return 0;
  }
  // pipeline: a failed open or write (a full disk) rejects, and stops the download with it.
  await pipeline(async function* counted() {
    for await (const chunk of stream) {
      bytes += chunk.length;
      yield chunk;
    }
  }, createWriteStream(request.output));
  const meta = result.meta as Record<string, unknown>;
  const summary = { file: request.output, bytes, file_name: meta['file_name'] ?? null, content_type: meta['content_type'] ?? null };
  if (out.json) out.document(summary);
  else
    out.text(
      `wrote ${bytes} bytes to ${request.output}${summary.file_name ? ` (${String(summary.file_name)}, ${String(summary.content_type)})` : ''}`,
    );
  return 0;
}

/**
 * Before the vendor is called: `--output` must name a file in a folder that exists (the download is
 * not fetched only to fail at its first write). What the folder allows is left to the write itself.
 */
async function checkOutputPath(output: string): Promise<void> {
  const target = await stat(output).catch(() => undefined);
  if (target?.isDirectory()) throw new UsageError(`--output ${output} is a folder: name the file to write`);
  const folder = await stat(dirname(output)).catch(() => undefined);
  if (!folder?.isDirectory()) throw new UsageError(`--output ${output}: there is no folder ${dirname(output)}`);
}
