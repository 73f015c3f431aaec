/**
 * The stdio binding's input, one JSON-RPC message per line, checked before the MCP SDK reads it.
 *
 * Why: the SDK's stdio transport drops a line it cannot read (not JSON, a batch, a message of the
 * wrong shape) and reports it out of band only, so a client that sent one waits for an answer
 * that never comes. JSON-RPC 2.0 (§5.1) answers such a line: -32700 "Parse error" for text that is
 * not JSON, -32600 "Invalid Request" for JSON that is not a message, with the request's `id` when
 * one can be read and `null` otherwise (the rule of §5, which the SDK's HTTP transport follows
 * too). A batch (a JSON array) is an Invalid Request: MCP's stdio messages are single objects
 * (batching left the protocol in its 2025-06-18 revision, and the SDK never read it).
 *
 * Every line that is a message passes through unchanged, in order; every other line gets exactly
 * one answer and goes no further. Blank lines are skipped. A line longer than the SDK's own read
 * limit is answered and skipped up to its end, where the SDK would close the connection.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { INVALID_REQUEST, PARSE_ERROR, STDIO_DEFAULT_MAX_BUFFER_SIZE, parseJSONRPCMessage } from '@modelcontextprotocol/server';

export interface LineAnswer {
  readonly jsonrpc: '2.0';
  readonly id: string | number | null;
  readonly error: { readonly code: number; readonly message: string };
}

export interface JsonRpcLineOptions {
  /** Writes an answer to a line that is not a message (the protocol channel: stdout). */
  answer(answer: LineAnswer): void;
  /** Out-of-band note of what was answered, for stderr. */
  onerror?: (error: Error) => void;
  /** Longest line read, in bytes (default: the SDK's stdio limit, 10 MB). */
  maxLineBytes?: number;
}

const NEWLINE = 0x0a;

/** A stream that passes on the lines that are JSON-RPC messages and answers every other one. */
export function jsonRpcLines(options: JsonRpcLineOptions): Transform {
  const maxLineBytes = options.maxLineBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skippingLongLine = false;
  let lineNumber = 0;

  const refuse = (id: string | number | null, code: number, message: string): void => {
    options.answer({ jsonrpc: '2.0', id, error: { code, message } });
    options.onerror?.(new Error(`line ${lineNumber}: ${message} (answered ${code})`));
  };
  /** A line past the limit counts as a line, and is answered without being read. */
  const refuseTooLong = (): void => {
    lineNumber += 1;
    refuse(null, INVALID_REQUEST, `Invalid Request: a message longer than ${maxLineBytes} bytes`);
  };
  /** A malformed response (to a request of the server's) is not answered: nobody waits on it. */
  const dropResponse = (): void => {
    options.onerror?.(new Error(`line ${lineNumber}: a malformed JSON-RPC response, dropped`));
  };

  const readLine = (stream: Transform, bytes: Buffer): void => {
    lineNumber += 1;
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      refuse(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    const problem = messageProblem(value);
    if (problem === undefined) stream.push(`${text}\n`);
    else if (isResponseShaped(value)) dropResponse();
    else refuse(readableId(value), INVALID_REQUEST, `Invalid Request: ${problem}`);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback): void {
      let start = 0;
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
        const tail = chunk.subarray(start, at);
        start = at + 1;
        if (skippingLongLine) {
          skippingLongLine = false;
          continue;
        }
        if (pendingBytes + tail.length > maxLineBytes) refuseTooLong();
        else readLine(this, Buffer.concat([...pending, tail]));
        pending = [];
        pendingBytes = 0;
      }
      const rest = chunk.subarray(start);
      if (skippingLongLine || rest.length === 0) return callback();
      if (pendingBytes + rest.length > maxLineBytes) {
        refuseTooLong();
        pending = [];
        pendingBytes = 0;
        skippingLongLine = true;
        return callback();
      }
      pending.push(rest);
      pendingBytes += rest.length;
      callback();
    },
    flush(callback: TransformCallback): void {
      // A last line without its newline is still a line (the stream ended after it).
      if (!skippingLongLine && pendingBytes > 0) readLine(this, Buffer.concat(pending));
      callback();
    },
  });
}

/** Why a parsed line is not a JSON-RPC message, or undefined when it is one. */
function messageProblem(value: unknown): string | undefined {
  if (Array.isArray(value)) return 'a batch (a JSON array); send each message on a line of its own';
  if (typeof value !== 'object' || value === null) return 'not a JSON object';
  try {
    parseJSONRPCMessage(value);
    return undefined;
  } catch {
    return 'not a JSON-RPC 2.0 request, notification or response';
  }
}

/** An object with `result` or `error` and no `method`: meant as a response, not a request. */
function isResponseShaped(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return !Object.hasOwn(value, 'method') && (Object.hasOwn(value, 'result') || Object.hasOwn(value, 'error'));
}

/** The request's id when it has one of the allowed types (string or integer), else null (JSON-RPC 2.0 §5). */
function readableId(value: unknown): string | number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}
