/**
 * A client that goes away cancels the vendor call its execute started, and only that one. The
 * route takes the cancellation from the client's connection (http/connection-signal.ts), one
 * signal per connection rather than an AbortController per request: requests a keep-alive
 * connection carried before, and later ones, are not cancelled by it, and another client's
 * connection closing cancels nothing of this one's. The vendor is the Slack fake behind a small
 * gate that can hold a request and reports when the service gives up on it.
 *
 * @module-tag connector/messaging
 */
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { waitFor } from '../../../test/support/expect.js';
import type { ConnectorRecord } from '../src/service-types.js';
import { createConnector, startHarness, type Harness } from './execute-harness.js';

/** A request the gate holds: answer it (from the Slack fake) or see the service close it. */
interface Held {
  closed: boolean;
  readonly closedByService: Promise<void>;
  release(): void;
}

let slack: SlackFake;
let gate: Server;
let hold = false;
const held: Held[] = [];
let h: Harness;
let record: ConnectorRecord;

beforeAll(async () => {
  slack = await startSlackFake({ users: 5, channels: 1, messagesPerChannel: 0 });
  gate = createServer((req, res) => {
    const forward = () => {
      const upstream = request(`${slack.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    };
    if (!hold) return forward();
    let answered = false;
    const entry: Held = {
      closed: false,
      closedByService: new Promise<void>((resolve) =>
        res.once('close', () => {
          if (answered) return;
          entry.closed = true;
          resolve();
        }),
      ),
      release: () => {
        answered = true;
        forward();
      },
    };
    held.push(entry);
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const port = (gate.address() as AddressInfo).port;
  h = await startHarness({ vendorBaseUrls: { messaging: `http://127.0.0.1:${port}/api` } });
  record = await createConnector(h.repo, 'messaging', { api_token: 'xoxb-test-token' });
});

afterAll(async () => {
  await h?.close();
  gate?.closeAllConnections();
  await new Promise((resolve) => gate?.close(resolve));
  await slack?.close();
});

beforeEach(() => {
  hold = false;
  held.length = 0;
});

/** POSTs an execute over the given agent (its own connection with `agent: false`). */
function post(agent: Agent | false): { response: Promise<{ status: number; body: string }>; abandon(): void } {
  const call = request(`${h.url}/api/v1/connectors/sources/${record.id}/execute`, {
    method: 'POST',
    agent,
    headers: { authorization: 'Bearer token-a-alice', 'content-type': 'application/json' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    call.on('response', (answer: IncomingMessage) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    call.on('error', reject);
  });
  call.end(JSON.stringify({ entity: 'users', action: 'list', params: { limit: 2 } }));
  return { response, abandon: () => call.destroy() };
}

/** Waits up to 15 s for `condition` (a deadline, not a count of polls: each can take long on a loaded machine). */
async function until(condition: () => boolean): Promise<void> {
  await waitFor('the condition', () => (condition() ? true : undefined), 15_000);
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

describe('a client that goes away', () => {
  it('cancels the vendor call its execute started', async () => {
    hold = true;
    const call = post(false);
    call.response.catch(() => undefined);
    await until(() => held.length === 1);
    call.abandon();
    await within(held[0]!.closedByService, 5_000, 'the service giving up the vendor request');
  });

  it('on a keep-alive connection: earlier answered calls leave it usable, and a later call is not cancelled by them', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // The connection's one signal outlives its calls: each call must take its listener off when it
    // ends, or Node warns of a leak past ten (and each listener holds its call until the socket closes).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 12; i++) {
        const { status, body } = await post(agent).response;
        expect(status).toBe(200);
        expect(JSON.parse(body).data).toHaveLength(2);
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.includes('MaxListeners'))).toEqual([]);
      hold = true;
      const later = post(agent);
      await until(() => held.length === 1);
      held[0]!.release();
      expect((await later.response).status).toBe(200);
    } finally {
      process.off('warning', onWarning);
      agent.destroy();
    }
  });

  it("another client's connection closing cancels nothing of this one's", async () => {
    hold = true;
    const mine = post(false);
    const theirs = post(false);
    theirs.response.catch(() => undefined);
    await until(() => held.length === 2);
    theirs.abandon();
    await within(Promise.race(held.map((call) => call.closedByService)), 5_000, 'the service giving up the abandoned vendor request');
    // Exactly one was given up; the other is still waiting for its answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held.filter((call) => call.closed)).toHaveLength(1);
    held.find((call) => !call.closed)!.release();
    expect((await mine.response).status).toBe(200);
  });
});
