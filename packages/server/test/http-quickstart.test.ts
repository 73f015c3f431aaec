/**
 * The hosted quickstart (test/example/hosted-quickstart.ts) runs to the end: service, application,
 * tokens, connector, first sync, search, and curl commands that name the real port.
 *
 * @module-tag connector/messaging
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('hosted quickstart', () => {
  it('creates a connector, syncs it, finds a misspelt name and prints working curl commands', () => {
    const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['test/example/hosted-quickstart.ts', '--once'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const out = result.stdout;
    const port = /on http:\/\/127\.0\.0\.1:(\d+) /.exec(out)?.[1];
    expect(port).toBeDefined();
    expect(out).toMatch(/4\. first sync ready: \d+ channels, 45 users/);
    expect(out).toMatch(/5\. search users for "[^"]+" → [1-9]\d* hit\(s\)/);
    expect(out).toContain(`export SY=http://127.0.0.1:${port}`);
    expect(out).toMatch(/export TOKEN=\S+\.\S+\.\S+/);
  }, 120_000);
});
