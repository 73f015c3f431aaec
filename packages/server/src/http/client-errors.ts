/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers larger than Node allows, a
 * request that did not arrive whole in time, bytes that are not HTTP) are answered as a problem
 * like every other refusal, not with Fastify's own JSON shape, and the connection is closed: the
 * parser cannot tell where the next request would begin.
 */
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { buildProblem } from '@switchyard/runtime/internal';
import { PROBLEM_CONTENT_TYPE } from './problem.js';

/** Fastify's `clientErrorHandler`: the status Fastify's own handler picks, with a problem body. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'the request did not arrive whole in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, `the request line and headers are larger than the ${maxHeaderSize} bytes the service accepts`]
        : [400, 'the request is not valid HTTP/1.1'];
  const body = JSON.stringify(buildProblem('invalid_request', detail, {}, status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
