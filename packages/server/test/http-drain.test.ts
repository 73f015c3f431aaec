/**
 * Graceful shutdown (http/app.ts, registerDrainOnClose): once the service starts closing, a
 * response still being produced tells its client `Connection: close`, so a keep-alive socket ends
 * with its last answer; before that, answers keep the connection open. The app is the service's
 * own (createApp over the production parts) with one route added that waits until the test lets
 * it answer, so a request can be in flight while the close begins.
 */
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServiceParts } from '../src/compose.js';
import { createApp } from '../src/http/app.js';
import { openTestPglite } from './support/pglite-template.js';

let app: FastifyInstance | undefined;
let closing: Promise<void> | undefined;
let stopParts: (() => Promise<void>) | undefined;

afterEach(async () => {
  await (closing ?? app?.close());
  await stopParts?.();
  app = undefined;
  closing = undefined;
  stopParts = undefined;
});

async function start(): Promise<{ url: string; release: () => void; arrived: Promise<void>; closeBegan: Promise<void> }> {
  const engine = await openTestPglite();
  const parts = await buildServiceParts(engine, {
    masterKey: randomBytes(32).toString('base64'),
    vendorBaseUrls: {},
    sync: { schedule: { checkEveryMs: 3_600_000 } },
  });
  stopParts = async () => {
    await parts.sync.stop();
    await engine.close();
  };
  app = await createApp({ ...parts, limits: {}, logger: false });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  app.get('/test-held', async () => {
    arrive();
    await released;
    return { ok: true };
  });
  // Added after createApp's, so it runs after them: once it has run, the service is draining.
  let began!: () => void;
  const closeBegan = new Promise<void>((resolve) => (began = resolve));
  app.addHook('preClose', async () => began());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, release, arrived, closeBegan };
}

function get(url: string, agent: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { agent }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('draining on close', () => {
  it('answers keep the connection open until the close starts; one in flight then says Connection: close', async () => {
    const { url, release, arrived, closeBegan } = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(`${url}/healthz`, agent);
      expect(before.statusCode).toBe(200);
      expect(before.headers.connection).not.toBe('close');

      const held = get(`${url}/test-held`, agent);
      await arrived;
      closing = app!.close();
      // preClose hooks run on a later turn; let the close get that far before answering.
      await closeBegan;
      release();
      const during = await held;
      expect(during.statusCode).toBe(200);
      expect(during.headers.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });
});
