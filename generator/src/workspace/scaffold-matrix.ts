/**
 * What `pnpm new-connector <family>` writes besides the spec, so a new connector is green in the
 * shared connector matrix from its first minute: the matrix refuses to run while a spec has no
 * fixture module, and a fixture needs a fake to point at. Both are written once, for the starter
 * spec of scaffold.ts (items list with cursor paging, items get, Bearer token, `{message}` errors),
 * and never overwritten: from then on they are handwritten files that grow with the spec.
 */
import { pascalCase } from '../spec/defaults.js';

function names(family: string) {
  const pascal = pascalCase(family);
  return { pascal, fake: `${pascal}Fake`, start: `start${pascal}Fake`, title: pascal.replace(/([a-z])([A-Z])/g, '$1 $2') };
}

/** test/fakes/<family>.ts: a loopback fake serving what the starter spec declares. */
export function scaffoldFake(family: string): string {
  const n = names(family);
  return `/**
 * Fake vendor for the ${n.title} connector (specs/${family}.yaml), written by \`pnpm new-connector ${family}\`
 * to serve what the starter spec declares: \`GET /v1/items\` (cursor paging: \`limit\` 1–100,
 * \`cursor\`, \`next_cursor\` null on the last page), \`GET /v1/items/{id}\`, a Bearer token, and
 * errors as \`{ "message": … }\`. Change it with the spec: the vendor's real paths, records, paging
 * and failure modes (see test/fakes/README.md).
 */
import type { BundledFake } from './bundled.js';
import { one, startServer, type FakeServer, type RecordedRequest, type Reply } from './harness.js';
import { COMPANIES } from './shared/people.js';
import { createRandom } from './shared/random.js';

export interface ${n.pascal}Item {
  id: string;
  name: string | null;
}

export interface ${n.fake}Options {
  /** The Bearer token the fake accepts (default \`${family}-test-token\`). */
  token?: string;
  /** Seeded items (default 25). */
  items?: number;
  /** Keep \`requests\` (default true). */
  record?: boolean;
  /** Port to listen on (default 0: a free one; \`switchyard fake --port\`). */
  port?: number;
}

export interface ${n.fake} extends FakeServer {
  readonly data: { items: ${n.pascal}Item[] };
}

const BASE = '/v1';
const MAX_LIMIT = 100;

export async function ${n.start}(options: ${n.fake}Options = {}): Promise<${n.fake}> {
  const token = options.token ?? '${family}-test-token';
  const data = { items: seedItems(options.items ?? 25) };
  const server = await startServer((req) => handle(req, token, data.items), {
    record: options.record,
    port: options.port,
    failureBody: (status) => ({ message: \`HTTP \${status} from the ${n.title} fake\` }),
  });
  return Object.assign(server, { data });
}

/** \`switchyard fake ${family}\` starts this (test/fakes/registry.ts finds it): the fake's defaults. */
export const bundledFake: BundledFake = {
  family: '${family}',
  vendor: '${n.title} API (the starter spec)',
  start: (options) => ${n.start}({ ...options }),
  baseUrl: (fake) => \`\${fake.url}\${BASE}\`,
  credentials: { api_token: '${family}-test-token' },
};

/** Deterministic records; every seventh has no name, so nullable fields are exercised. */
function seedItems(count: number): ${n.pascal}Item[] {
  const random = createRandom('${family}');
  return Array.from({ length: count }, (_, i) => ({
    id: \`itm_\${random.hex(12)}\`,
    name: i % 7 === 6 ? null : \`\${random.pick(COMPANIES)} #\${i + 1}\`,
  }));
}

function handle(req: RecordedRequest, token: string, items: ${n.pascal}Item[]): Reply {
  if (req.headers['authorization'] !== \`Bearer \${token}\`) return error(401, 'invalid or missing token');
  if (req.method !== 'GET' || !req.path.startsWith(\`\${BASE}/items\`)) return error(404, \`no route \${req.method} \${req.path}\`);
  const rest = req.path.slice(\`\${BASE}/items\`.length);
  if (rest === '') return listItems(req, items);
  if (!/^\\/[^/]+$/.test(rest)) return error(404, \`no route \${req.method} \${req.path}\`);
  const id = decodeURIComponent(rest.slice(1));
  const item = items.find((candidate) => candidate.id === id);
  return item ? { body: item } : error(404, \`item \${id} not found\`);
}

function listItems(req: RecordedRequest, items: ${n.pascal}Item[]): Reply {
  const limitText = one(req.query['limit']) ?? '50';
  const limit = Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return error(400, \`limit must be 1 to \${MAX_LIMIT}\`);
  const cursor = one(req.query['cursor']);
  const offset = cursor === undefined ? 0 : decodeCursor(cursor);
  if (offset === undefined || offset > items.length) return error(400, 'invalid cursor');
  const end = offset + limit;
  return { body: { data: items.slice(offset, end), next_cursor: end < items.length ? encodeCursor(end) : null } };
}

/** Opaque to the client; the fake accepts only cursors it issued. */
const encodeCursor = (offset: number): string => Buffer.from(\`offset:\${offset}\`).toString('base64url');

function decodeCursor(cursor: string): number | undefined {
  const match = /^offset:(\\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

const error = (status: number, message: string): Reply => ({ status, body: { message } });
`;
}

/** test/matrix/connectors/<family>.ts: the matrix fixture for the starter spec on that fake. */
export function scaffoldFixture(family: string): string {
  const n = names(family);
  return `/**
 * Matrix fixture of the ${n.title} connector (specs/${family}.yaml) on its fake (test/fakes/${family}.ts),
 * written by \`pnpm new-connector ${family}\` for the starter spec. Keep it in step with the spec:
 * params for every action with required parameters, and a paging case per list action (see
 * test/matrix/README.md).
 */
import * as pkg from '@switchyard/connector-${family}';
import { ${n.start}, type ${n.fake} } from '../../fakes/${family}.js';
import { defineFixture } from '../fixture.js';

/** \`+\`, \`/\` and \`=\` make the token's URL-, form- and base64-encoded forms differ, for the redaction checks. */
const TOKEN = '${family}_test_7c1e+90ab/d4f2=SwItChYaRd';

export default defineFixture<${n.fake}>({
  pkg,
  create: (options) => new pkg.${n.pascal}Connector(options as pkg.${n.pascal}ConnectorOptions),
  // 25 items: three pages of 10.
  start: () => ${n.start}({ token: TOKEN, items: 25 }),
  baseUrl: (fake) => \`\${fake.url}/v1\`,
  credentials: { api_token: TOKEN },
  authHeader: { name: 'authorization', value: \`Bearer \${TOKEN}\` },
  examples: {
    'items.get': (fake) => ({ id: fake.data.items[3]!.id }),
  },
  values: {},
  paging: [
    {
      action: 'items.list',
      params: () => ({ limit: 10 }),
      expectedIds: (fake) => fake.data.items.map((item) => item.id),
      idOf: (item: { id: string }) => item.id,
    },
  ],
});
`;
}
