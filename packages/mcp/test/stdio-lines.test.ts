/**
 * The stdio channel answers every line that is not a JSON-RPC message (JSON-RPC 2.0 §5.1) instead
 * of dropping it in silence, and passes every message through unchanged and in order, however the
 * bytes arrive in chunks: the line checker alone (a property over mixed lines and chunkings), and
 * `serveToolsetOverStdio` end to end on in-memory streams with the SDK's own server behind it.
 */
import { PassThrough, Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildToolset, serveToolsetOverStdio, staticSource } from '@switchyard/mcp';
import { jsonRpcLines, type LineAnswer } from '../src/server/json-rpc-lines.js';
import { waitFor } from '../../../test/support/expect.js';
import { readAll } from '../../../test/support/streams.js';

type Expected = { kind: 'pass' } | { kind: 'answer'; id: string | number | null; code: number } | { kind: 'drop' };
interface Line {
  readonly text: string;
  readonly expected: Expected;
}

const requestId = fc.oneof(fc.string({ maxLength: 8 }), fc.integer());
const text = fc.string({ maxLength: 20, unit: 'grapheme' });

/** Lines of each kind, with what the channel must do with each, known by construction. */
const line: fc.Arbitrary<Line> = fc.oneof(
  fc.record({ id: requestId, method: fc.constantFrom('ping', 'tools/list', 'tools/call'), note: text }).map(({ id, method, note }) => ({
    text: JSON.stringify({ jsonrpc: '2.0', id, method, params: { _meta: { note } } }),
    expected: { kind: 'pass' } as const,
  })),
  text.map((note) => ({
    text: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { note } }),
    expected: { kind: 'pass' } as const,
  })),
  // Text that is not JSON: an opening brace that is never closed (and no line break inside).
  text.map((t) => ({ text: `{${t.replace(/[}\n]/g, '')}`, expected: { kind: 'answer', id: null, code: -32700 } as const })),
  fc.array(fc.constant({ jsonrpc: '2.0', id: 1, method: 'ping' }), { maxLength: 3 }).map((batch) => ({
    text: JSON.stringify(batch),
    expected: { kind: 'answer', id: null, code: -32600 } as const,
  })),
  fc
    .oneof(fc.integer(), fc.constant(null), text)
    .map((value) => ({ text: JSON.stringify(value), expected: { kind: 'answer', id: null, code: -32600 } as const })),
  // A request with an id but no method: answered with its id.
  requestId.map((id) => ({
    text: JSON.stringify({ jsonrpc: '2.0', id, params: {} }),
    expected: { kind: 'answer', id, code: -32600 } as const,
  })),
  // A request of another JSON-RPC version keeps its id; an id of a type no request may have is null.
  fc.constant({ text: '{"jsonrpc":"1.0","id":1,"method":"ping"}', expected: { kind: 'answer', id: 1, code: -32600 } as const }),
  fc.constant({ text: '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', expected: { kind: 'answer', id: null, code: -32600 } as const }),
  // A malformed response (an extra member): nobody waits for an answer to it.
  fc
    .integer()
    .map((id) => ({ text: JSON.stringify({ jsonrpc: '2.0', id, result: {}, extra: true }), expected: { kind: 'drop' } as const })),
  fc.constantFrom('', '   ', '\r').map((t) => ({ text: t, expected: { kind: 'drop' } as const })),
);

/** The bytes of `lines`, split at `cuts` (fractions of the length): cuts fall inside characters too. */
function chunksOf(lines: readonly Line[], cuts: readonly number[], lastNewline: boolean): Buffer[] {
  const bytes = Buffer.from(lines.map((l) => l.text).join('\n') + (lastNewline ? '\n' : ''), 'utf8');
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  return [0, ...at].map((start, i) => bytes.subarray(start, at[i] ?? bytes.length)).filter((c) => c.length > 0);
}

async function run(chunks: readonly Buffer[], maxLineBytes?: number): Promise<{ passed: string[]; answers: LineAnswer[] }> {
  const answers: LineAnswer[] = [];
  const lines = jsonRpcLines({ answer: (a) => answers.push(a), ...(maxLineBytes === undefined ? {} : { maxLineBytes }) });
  const passed = (await readAll(Readable.from(chunks).pipe(lines)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  return { passed, answers };
}

describe('jsonRpcLines', () => {
  it('passes every message on unchanged and in order, answers every other line once, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 12 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        fc.boolean(),
        async (lines, cuts, lastNewline) => {
          const { passed, answers } = await run(chunksOf(lines, cuts, lastNewline));
          expect(passed).toEqual(lines.filter((l) => l.expected.kind === 'pass').map((l) => l.text));
          const expectedAnswers = lines.flatMap((l) =>
            l.expected.kind === 'answer' ? [{ id: l.expected.id, code: l.expected.code }] : [],
          );
          expect(answers.map((a) => ({ id: a.id, code: a.error.code }))).toEqual(expectedAnswers);
          for (const answer of answers) expect(answer.jsonrpc).toBe('2.0');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers a line longer than the limit once, skips it to its end, and reads the next line', async () => {
    const long = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { pad: 'x'.repeat(200) } } });
    const next = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    for (const chunkSize of [7, 64, 1000]) {
      const bytes = Buffer.from(`${long}\n${next}\n`);
      const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
        bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
      );
      const { passed, answers } = await run(chunks, 100);
      expect({ chunkSize, passed, answers: answers.map((a) => [a.id, a.error.code, a.error.message]) }).toEqual({
        chunkSize,
        passed: [next],
        answers: [[null, -32600, 'Invalid Request: a message longer than 100 bytes']],
      });
    }
  });
});

describe('serveToolsetOverStdio', () => {
  it('answers what it cannot read and goes on serving the requests after it', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const notes: string[] = [];
    const served = serveToolsetOverStdio(await buildToolset(staticSource([])), { stdin, stdout, onerror: (e) => notes.push(e.message) });
    let output = '';
    stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    stdin.write('not json\n[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n{"jsonrpc":"2.0","id":7}\n');
    stdin.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    // Requests still in flight when stdin ends are not answered (the SDK's rule): wait for the ping's.
    await waitFor('the answer to the ping', () => (output.includes('"id":2') ? true : undefined));
    stdin.end();
    await served;
    const replies = output
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as unknown);
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a batch (a JSON array); send each message on a line of its own' },
      },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 request, notification or response' } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(notes).toEqual([
      'line 1: Parse error: the line is not JSON (answered -32700)',
      'line 2: Invalid Request: a batch (a JSON array); send each message on a line of its own (answered -32600)',
      'line 3: Invalid Request: not a JSON-RPC 2.0 request, notification or response (answered -32600)',
    ]);
  });
});
