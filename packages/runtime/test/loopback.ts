/**
 * A bare loopback server for transport tests that need what the vendor fakes hide: the sockets
 * themselves. It counts distinct connections and lets a test wait for the server to see a socket
 * close, which is how "the client released its connection" is observed from the outside.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LoopbackRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Header lines as received (name, value, …): node's parsed `headers` drops a header named `__proto__`. */
  rawHeaders: string[];
  body: string;
}

export interface Loopback {
  readonly url: string;
  readonly requests: LoopbackRequest[];
  /** Distinct sockets the server accepted. */
  readonly connections: number;
  /** Sockets still open. */
  readonly open: number;
  /** Resolves when every socket accepted so far has closed. */
  allClosed(): Promise<void>;
  /**
   * Resolves when the socket that carried request `index` has closed. (Some fetch implementations
   * open a spare idle connection after one is destroyed; this asks about the one that mattered.)
   */
  socketClosed(index: number): Promise<void>;
  close(): Promise<void>;
}

export type LoopbackHandler = (req: LoopbackRequest, res: ServerResponse) => void;

export async function loopback(handler: LoopbackHandler): Promise<Loopback> {
  const requests: LoopbackRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters: (() => void)[] = [];
  const closedSockets = new Map<Socket, Promise<void>>();
  const requestSockets: Socket[] = [];
  let connections = 0;
  const server = createServer({ keepAlive: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      requestSockets.push(req.socket);
      handler(recorded, res);
    });
  });
  server.keepAliveTimeout = 10_000;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    closedSockets.set(socket, new Promise<void>((resolve) => socket.once('close', () => resolve())));
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    get open() {
      return sockets.size;
    },
    allClosed: () => (sockets.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    socketClosed: (index) => {
      const socket = requestSockets[index];
      if (!socket) return Promise.reject(new Error(`no request #${index} was received`));
      return closedSockets.get(socket)!;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Writes `chunk` every `everyMs` until the client goes away, or `maxBytes` were sent (a bound, so a
 * broken client cannot make the test server run forever).
 */
export function trickle(res: ServerResponse, chunk: string, everyMs: number, maxBytes: number): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed || sent >= maxBytes) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(chunk);
    sent += chunk.length;
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

/** Writes as fast as the client reads until it goes away, or `maxBytes` were sent. */
export function flood(res: ServerResponse, chunk: string, maxBytes: number): void {
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < maxBytes) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

/** Rejects when `promise` has not settled within `ms`: a generous bound on "at once", never a measurement. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}
