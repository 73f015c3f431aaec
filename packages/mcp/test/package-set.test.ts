/**
 * The commands import a connector package only when they need it (src/cli/package-set.ts): one
 * that names its type loads that type's package alone, listing every type's entities loads each
 * once, help, completion and a type that does not exist load none, and a loader that hands back
 * another type's package is refused. The bin's own imports are checked in
 * packages/server/test/cli-start.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runCliCommand, runToolsCommand, type ConnectorPackage, type ConnectorPackageLoaders } from '@switchyard/mcp';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY; none is named here.
import { exampleConnectors } from '../../../test/matrix/registry.js';

const packages = exampleConnectors.map(({ fixture }) => fixture.pkg as unknown as ConnectorPackage);
const types = packages.map((pkg) => pkg.metadata.name).sort();
const [someType] = types as [string];

/** Loaders for every package, each counting its calls. */
function countingLoaders(replace: Record<string, ConnectorPackage> = {}): { loaders: ConnectorPackageLoaders; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const loaders = Object.fromEntries(
    packages.map((pkg) => {
      const type = pkg.metadata.name;
      return [
        type,
        async () => {
          calls.set(type, (calls.get(type) ?? 0) + 1);
          return replace[type] ?? pkg;
        },
      ];
    }),
  );
  return { loaders, calls };
}

function capture() {
  let text = '';
  return {
    stream: {
      write: (chunk: string | Uint8Array, callback?: (error?: Error | null) => void) => {
        text += String(chunk);
        callback?.();
        return true;
      },
    },
    text: () => text,
  };
}

async function cli(argv: string[], loaders: ConnectorPackageLoaders) {
  const [stdout, stderr] = [capture(), capture()];
  const code = await runCliCommand(argv, { packages: loaders, env: {}, stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('connector packages are imported when a command needs them', () => {
  it('a command that names a type imports that package only', async () => {
    const { loaders, calls } = countingLoaders();
    const described = await cli(['describe', someType, '--json'], loaders);
    expect(described.code, described.stderr).toBe(0);
    expect(JSON.parse(described.stdout).connector_type).toBe(someType);
    expect([...calls]).toEqual([[someType, 1]]);

    const tools = countingLoaders();
    const out = capture();
    const code = await runToolsCommand(['--connector', someType, '--provider', 'mcp'], {
      packages: tools.loaders,
      stdout: out.stream,
      stderr: capture().stream,
    });
    expect(code).toBe(0);
    expect(JSON.parse(out.text()).length).toBeGreaterThan(0);
    expect([...tools.calls]).toEqual([[someType, 1]]);
  });

  it('listing every type imports each package once, and lists them in type order', async () => {
    const { loaders, calls } = countingLoaders();
    const listed = await cli(['describe', '--json'], loaders);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).connectors.map((c: { connector_type: string }) => c.connector_type)).toEqual(types);
    expect(Object.fromEntries(calls)).toEqual(Object.fromEntries(types.map((type) => [type, 1])));
  });

  it('help, completion and an unknown type import none', async () => {
    const { loaders, calls } = countingLoaders();
    for (const argv of [
      ['describe', '--help'],
      ['exec', '--help'],
      ['completion', 'bash'],
    ]) {
      const run = await cli(argv, loaders);
      expect(run.code, run.stderr).toBe(0);
    }
    const completion = await cli(['completion', 'bash'], loaders);
    for (const type of types) expect(completion.stdout).toContain(type);
    const unknown = await cli(['describe', `${someType}-none`], loaders);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`known: ${types.join(', ')}`);
    expect(calls.size).toBe(0);
  });

  it('a loader that hands back another type’s package is refused, naming both', async () => {
    const other = packages.find((pkg) => pkg.metadata.name !== someType) ?? {
      ...packages[0]!,
      metadata: { ...packages[0]!.metadata, name: `${someType}-other` },
    };
    const { loaders } = countingLoaders({ [someType]: other });
    const run = await cli(['describe', someType], loaders);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `the connector package loaded for type ${JSON.stringify(someType)} is ${JSON.stringify(other.metadata.name)}`,
    );
  });

  it('packages already imported answer exactly as their loaders do', async () => {
    const out = capture();
    const code = await runCliCommand(['describe', '--json'], { packages, env: {}, stdout: out.stream, stderr: capture().stream });
    expect(code).toBe(0);
    expect(out.text()).toBe((await cli(['describe', '--json'], countingLoaders().loaders)).stdout);
  });
});
