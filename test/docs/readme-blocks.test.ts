/**
 * How README code blocks and the comments before them are read (readme-blocks.ts), and the
 * preload that keeps a running block on the fakes (vendor-hosts.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/connectors.js';
import { HOSTS_ENV, codeBlocksOf } from './readme-blocks.js';

describe('README code blocks and their directives', () => {
  it('reads ts and js blocks only, each with the line of its first code line', () => {
    const text = [
      '# T',
      '',
      '```sh',
      'pnpm x',
      '```',
      '',
      '```ts',
      "const a = 'x';",
      '```',
      '',
      '```json',
      '{}',
      '```',
      '',
      '```js',
      'a;',
      '```',
    ].join('\n');
    const blocks = codeBlocksOf('R.md', text);
    expect(blocks.map((b) => [b.line, b.code, b.directive.kind])).toEqual([
      [8, "const a = 'x';", 'module'],
      [16, 'a;', 'module'],
    ]);
  });

  it('takes a fragment comment, with its TypeScript lines, across blank lines', () => {
    const text = [
      '<!-- compile: fragment',
      "import type { X } from './x.js';",
      'declare const x: X;',
      '-->',
      '',
      '```ts',
      'x.run();',
      '```',
    ].join('\n');
    const [block] = codeBlocksOf('R.md', text);
    expect(block!.directive).toEqual({ kind: 'fragment', preamble: "import type { X } from './x.js';\ndeclare const x: X;" });
    expect(block!.directiveLine).toBe(1);
  });

  it('takes a run comment with its setup and arguments', () => {
    const [block] = codeBlocksOf('R.md', '<!-- run: fakes SLACK_TOKEN=messaging.api_token -->\n\n```ts\nx;\n```');
    expect(block!.directive).toEqual({ kind: 'run', setup: 'fakes', args: ['SLACK_TOKEN=messaging.api_token'] });
  });

  it('ignores other comments, and comments with text between them and the block', () => {
    const blocks = codeBlocksOf('R.md', '<!-- prettier-ignore -->\n```ts\na;\n```\n<!-- run: local -->\nSome text.\n```ts\nb;\n```');
    expect(blocks.map((b) => b.directive.kind)).toEqual(['module', 'module']);
  });

  it('reads a block indented in a list item without its indentation', () => {
    const [block] = codeBlocksOf('R.md', '1. Step:\n\n   ```ts\n   const a = 1;\n     a;\n   ```');
    expect(block!.code).toBe('const a = 1;\n  a;');
  });

  it('refuses a misspelt directive, naming the README line', () => {
    expect(() => codeBlocksOf('R.md', 'x\n<!-- compile: fragmnt -->\n```ts\na;\n```')).toThrow(/R\.md:2: "compile:" takes "fragment"/);
    expect(() => codeBlocksOf('R.md', '<!-- run: -->\n```ts\na;\n```')).toThrow(/R\.md:1: "run:" names a setup/);
  });
});

describe('a running block reaches only the fakes (vendor-hosts.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-readme-hosts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const preload = new URL('./vendor-hosts.ts', import.meta.url).href;

  /** Runs `code` as a module with the preload, as readme-run.test.ts runs a block. */
  const run = (code: string, hosts: [string, string][]) => {
    writeFileSync(join(dir, 'probe.ts'), code);
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', preload, 'probe.ts'], {
      cwd: dir,
      env: { ...process.env, [HOSTS_ENV]: JSON.stringify(hosts) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) => child.on('close', (code) => resolve({ code, output })));
  };
  /** A GET through the runtime's transport (its built-in undici wire), printing the status and body. */
  const viaRuntime = (url: string) =>
    [
      "import { HttpClient, Redactor } from '@switchyard/runtime/internal';",
      'const http = new HttpClient({ redactor: new Redactor(), maxRetries: 0 });',
      `const { status, body } = await http.send({ operation: 'probe', method: 'GET', url: ${JSON.stringify(url)}, idempotent: true, auth: null, responseType: 'json' });`,
      'console.log(status, JSON.stringify(body));',
    ].join('\n');

  it("sends a vendor's requests to its fake: same path and query under the fake's base URL", async () => {
    const fake = createServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url })),
    );
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = fake.address() as AddressInfo;
      const { code, output } = await run(viaRuntime('https://vendor.example/api/users.list?limit=2'), [
        ['https://vendor.example/api', `http://127.0.0.1:${port}/fake/api`],
      ]);
      expect(output).toContain('200 {"url":"/fake/api/users.list?limit=2"}');
      expect(code).toBe(0);
    } finally {
      fake.close();
    }
  });

  it('refuses any other host, through the runtime and through fetch, before connecting', async () => {
    const runtime = await run(viaRuntime('https://slack.com/api/users.list'), []);
    expect(runtime.code).not.toBe(0);
    expect(runtime.output).toContain('a README block reached for https://slack.com');
    const fetched = await run("await fetch('https://example.com/');\n", []);
    expect(fetched.code).not.toBe(0);
    expect(fetched.output).toContain('a README block reached for https://example.com');
  });
});
