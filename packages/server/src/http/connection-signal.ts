/**
 * A signal that aborts when a client's connection closes, so an execute whose client went away
 * cancels the vendor call (or the file transfer) it started. One per connection, made on the first
 * execute it carries, not one per request: the requests of a keep-alive connection come one after
 * another, a request still running when its connection closes is exactly one that lost its client,
 * and in Node 20 an AbortController and its signal cost several microseconds, a visible share of the
 * whole service hop (bench/hosted-execute.ts). The runtime removes its listener when each call ends.
 */
import type { Socket } from 'node:net';

const SIGNALS = new WeakMap<Socket, AbortSignal>();

export function connectionSignal(socket: Socket): AbortSignal {
  const known = SIGNALS.get(socket);
  if (known) return known;
  const controller = new AbortController();
  // Gone already (it closed while the request was being read or authenticated): abort at once.
  if (socket.destroyed) controller.abort();
  else socket.once('close', () => controller.abort());
  SIGNALS.set(socket, controller.signal);
  return controller.signal;
}
