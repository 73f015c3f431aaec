/**
 * Preloaded (`node --import`) into a README block that `run: fakes` runs: a hosts-file entry for
 * the vendors. A request whose URL starts with a vendor's base URL goes to that vendor's fake on
 * 127.0.0.1 instead; the connector, the runtime's transport and the fake are the real ones, and
 * the block is the README's text. Anything else that is not loopback fails, so a README block
 * never reaches the internet from a test.
 *
 * The runtime's built-in wire sends every request through an undici Agent's `dispatch`
 * (packages/runtime/src/internal/pool-wire.ts); this wraps that method on the undici the runtime
 * resolves, and global fetch, which a caller may pass instead.
 */
import { createRequire } from 'node:module';
import { HOSTS_ENV } from './readme-blocks.js';

const hosts = JSON.parse(process.env[HOSTS_ENV] ?? '[]') as [string, string][];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function routed(url: string): URL {
  const pair = hosts.find(([vendor]) => url === vendor || url.startsWith(`${vendor}/`) || url.startsWith(`${vendor}?`));
  const target = new URL(pair ? pair[1] + url.slice(pair[0].length) : url);
  if (!LOOPBACK.has(target.hostname))
    throw new Error(`a README block reached for ${target.origin}: only the fakes on 127.0.0.1 answer in tests`);
  return target;
}

const fromRuntime = createRequire(createRequire(import.meta.url).resolve('@switchyard/runtime/package.json'));
const { Agent } = fromRuntime('undici') as typeof import('undici');
// Every request on an Agent goes through its `dispatch` (its `request()` too, and the runtime's
// JSON reads call `dispatch` directly with a handler of their own), so that is the one to route.
const dispatch = Agent.prototype.dispatch;
Agent.prototype.dispatch = function (this: InstanceType<typeof Agent>, options: { origin?: string | URL; path: string }, handler: unknown) {
  const target = routed(`${String(options.origin ?? '').replace(/\/$/, '')}${options.path}`);
  return (dispatch as (...args: unknown[]) => boolean).call(
    this,
    { ...options, origin: target.origin, path: `${target.pathname}${target.search}` },
    handler,
  );
} as typeof dispatch;

const fetchOf = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  return fetchOf(input instanceof Request ? new Request(routed(url), input) : routed(url), init);
};
