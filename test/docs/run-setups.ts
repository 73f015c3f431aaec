/**
 * What a runnable README block (`<!-- run: <setup> [args] -->`) runs against. Each setup starts
 * real parts on 127.0.0.1 and hands the block what it needs through its environment; the block
 * runs as written, in a child process, in a fresh temporary directory (readme-run.test.ts).
 *
 *   run: local                       nothing started; SEARCH_CURSOR_SECRET set as an operator sets it
 *   run: fakes NAME=family.field …   the fakes of the families named; each NAME holds that credential
 *                                    of the fake, and the connectors' default base URLs lead to the
 *                                    fakes (vendor-hosts.ts: a hosts-file entry, nothing else changes)
 *   run: hosted <family>             the execution service on the embedded store with <family>
 *                                    pointed at its fake, one application, and a <family> connector
 *                                    of external user `user-42`, synced; the block's prelude binds
 *                                    baseUrl, clientId, clientSecret and connectorId
 */
import { randomBytes } from 'node:crypto';
import { bundledFakes, type BundledFake } from '../fakes/registry.js';
import { HOSTS_ENV } from './readme-blocks.js';
import type { FakeServer } from '../fakes/harness.js';
import { replicationConfig, startHostedService, type JsonSchema } from '../hosted/service.js';

export interface RunningSetup {
  env: Record<string, string>;
  /** Modules the child process imports first (`node --import`). */
  preload: string[];
  stop(): Promise<void>;
}

interface Setup {
  /** TypeScript before the block: the names its setup gives it. */
  prelude: string;
  /** The connector families the setup uses (a block whose family's spec is gone is left out). */
  families(args: string[]): string[];
  start(args: string[]): Promise<RunningSetup>;
}

/** The environment variable a hosted block's prelude reads. */
const SERVICE_ENV = 'SWITCHYARD_README_SERVICE';

const SETUPS: Record<string, Setup> = {
  local: {
    prelude: '',
    families: () => [],
    async start() {
      return { env: { SEARCH_CURSOR_SECRET: randomBytes(32).toString('base64url') }, preload: [], stop: async () => {} };
    },
  },
  fakes: {
    prelude: '',
    families: (args) => credentialArgs(args).map((arg) => arg.family),
    async start(args) {
      const wanted = credentialArgs(args);
      const started = new Map<string, { fake: BundledFake; server: FakeServer }>();
      const env: Record<string, string> = {};
      const hosts: [string, string][] = [];
      try {
        for (const { name, family, field } of wanted) {
          if (!started.has(family)) {
            const fake = await fakeOf(family);
            const server = await fake.start();
            started.set(family, { fake, server });
            hosts.push([await defaultBaseUrl(family), fake.baseUrl(server)]);
          }
          const value = started.get(family)!.fake.credentials[field];
          if (value === undefined)
            throw new Error(`run: fakes ${name}=${family}.${field}: the ${family} fake has no credential field ${field}`);
          env[name] = value;
        }
      } catch (error) {
        await Promise.all([...started.values()].map(({ server }) => server.close()));
        throw error;
      }
      env[HOSTS_ENV] = JSON.stringify(hosts);
      return {
        env,
        preload: [new URL('./vendor-hosts.ts', import.meta.url).href],
        stop: async () => void (await Promise.all([...started.values()].map(({ server }) => server.close()))),
      };
    },
  },
  hosted: {
    prelude: [
      '// run: hosted — the service, the application and the connector the setup made',
      `const { baseUrl, clientId, clientSecret, connectorId } = JSON.parse(process.env['${SERVICE_ENV}']!) as Record<'baseUrl' | 'clientId' | 'clientSecret' | 'connectorId', string>;`,
    ].join('\n'),
    families: (args) => args.slice(0, 1),
    async start(args) {
      const [family] = args;
      if (!family || args.length !== 1) throw new Error('run: hosted takes one connector family');
      const fake = await fakeOf(family);
      const server = await fake.start();
      const service = await startHostedService({ [family]: fake.baseUrl(server) }).catch(async (error: unknown) => {
        await server.close();
        throw error;
      });
      const stop = async () => {
        await service.close();
        await server.close();
      };
      try {
        const pkg = (await import(`@switchyard/connector-${family}`)) as { replicationSchema?: JsonSchema };
        const connector = await service.createConnector(
          'user-42',
          family,
          { ...fake.credentials },
          replicationConfig(pkg.replicationSchema),
          fake.config,
        );
        await service.waitForSync(connector.id);
        const given = { baseUrl: service.url, ...service.application, connectorId: connector.id };
        return { env: { [SERVICE_ENV]: JSON.stringify(given) }, preload: [], stop };
      } catch (error) {
        await stop();
        throw error;
      }
    },
  },
};

function setupOf(name: string): Setup {
  const setup = Object.hasOwn(SETUPS, name) ? SETUPS[name] : undefined;
  if (!setup) throw new Error(`no run setup "${name}" (setups: ${Object.keys(SETUPS).join(', ')}; see test/docs/run-setups.ts)`);
  return setup;
}

export const setupPrelude = (name: string): string => setupOf(name).prelude;
export const setupFamilies = (name: string, args: string[]): string[] => setupOf(name).families(args);
export const startSetup = (name: string, args: string[]): Promise<RunningSetup> => setupOf(name).start(args);

function credentialArgs(args: string[]): { name: string; family: string; field: string }[] {
  return args.map((arg) => {
    const match = /^([A-Z][A-Z0-9_]*)=([a-z0-9-]+)\.(\w+)$/.exec(arg);
    if (!match) throw new Error(`run: fakes takes NAME=family.field arguments (SLACK_TOKEN=messaging.api_token), not "${arg}"`);
    return { name: match[1]!, family: match[2]!, field: match[3]! };
  });
}

async function fakeOf(family: string): Promise<BundledFake> {
  const fake = (await bundledFakes()).find((f) => f.family === family);
  if (!fake) throw new Error(`no bundled fake for the ${family} family (test/fakes)`);
  return fake;
}

/** The base URL a connector uses when the caller passes none: its spec's, untemplated. */
async function defaultBaseUrl(family: string): Promise<string> {
  const { metadata } = (await import(`@switchyard/connector-${family}`)) as { metadata: { baseUrl: string } };
  if (metadata.baseUrl.includes('{')) {
    throw new Error(`run: fakes cannot map ${family}'s base URL ${metadata.baseUrl} (it depends on config); pass baseUrl in the block`);
  }
  return metadata.baseUrl;
}
