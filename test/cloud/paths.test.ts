/**
 * Every id the client puts in a URL path must stay exactly one path segment. `.` and `..` survive
 * percent-encoding and URL resolution removes them (`DELETE /connections/..` becomes `DELETE /`),
 * and a blank id turns `/connections/{id}` into the collection. Such ids are refused with
 * ValidationError (rule `path-segment`, naming the argument) before any request.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  CloudConnection,
  CloudWorkspace,
  FakePlatform,
  MissingResourceError,
  ValidationError,
  rejection,
  useFakePlatform,
  workspaceFor,
  type CloudWorkspaceOptions,
} from './helpers.js';

/**
 * Any text of 1 to 12 code points, lone surrogates included, half of them ASCII (dots, slashes,
 * blanks). Not fast-check's `unit: 'binary'`, which keeps a table of every code point (85 MB) for
 * the rest of the worker these suites share (test/support/shared-modules.test.ts).
 */
const anyText = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0x10ffff })), { minLength: 1, maxLength: 12 })
  .map((codes) => String.fromCodePoint(...codes));

const BAD_IDS = ['.', '..', '', ' ', '\t\n'];

function expectPathSegmentError(error: Error, argument: string): void {
  expect(error).toBeInstanceOf(ValidationError);
  const issues = (error as ValidationError).issues;
  expect(issues.map((i) => [i.path, i.rule])).toEqual([[argument, 'path-segment']]);
}

/** Every operation that puts the connection id (or an id derived from it) in a path. */
const OPERATIONS: Array<[string, (c: CloudConnection) => Promise<unknown>]> = [
  ['permanentlyDelete', (c) => c.permanentlyDelete()],
  ['permanentlyDelete with cascades', (c) => c.permanentlyDelete({ cascadeDeleteSource: true, cascadeDeleteDestination: true })],
  ['checkIsValid', (c) => c.checkIsValid()],
  ['enabled', (c) => c.enabled],
  ['name', (c) => c.name],
  ['source', (c) => c.source],
  ['destination', (c) => c.destination],
  ['rename', (c) => c.rename('x')],
  ['setEnabled', (c) => c.setEnabled(false)],
  ['setSchedule', (c) => c.setSchedule('0 0 0 * * ?')],
  ['setTablePrefix', (c) => c.setTablePrefix('raw_')],
  ['setSelectedStreams', (c) => c.setSelectedStreams(['users'])],
  ['runSync', (c) => c.runSync({ wait: false })],
  ['getSyncResult', (c) => c.getSyncResult()],
  ['getPreviousSyncLogs', (c) => c.getPreviousSyncLogs()],
  ['getCatalogArtifact', (c) => c.getCatalogArtifact()],
  ['getStateArtifacts', (c) => c.getStateArtifacts()],
];

describe('ids that would change the request path', () => {
  const ctx = useFakePlatform();

  it.each(BAD_IDS.flatMap((id) => OPERATIONS.map(([name, op]) => [JSON.stringify(id), name, id, op] as const)))(
    'connection id %s: %s is refused before any request',
    async (_shown, _name, id, operation) => {
      const { fake, workspace } = ctx;
      const error = await rejection((async () => operation(workspace.getConnection(id)))());
      expectPathSegmentError(error, 'connectionId');
      expect(fake.requests).toEqual([]);
    },
  );

  it.each(BAD_IDS.map((id) => [JSON.stringify(id), id] as const))(
    'source and destination id %s given to the constructor are refused before any request',
    async (_shown, id) => {
      const { fake, workspace } = ctx;
      const c = fake.addConnection();
      const viaSource = await rejection((async () => new CloudConnection(workspace, c.connectionId, id).source)());
      expectPathSegmentError(viaSource, 'sourceId');
      const viaDestination = await rejection((async () => new CloudConnection(workspace, c.connectionId, null, id).destination)());
      expectPathSegmentError(viaDestination, 'destinationId');
      expect(fake.requests).toEqual([]);
    },
  );

  it.each(BAD_IDS.map((id) => [JSON.stringify(id), id] as const))('workspace id %s is refused at construction', (_shown, id) => {
    const fetch = vi.fn();
    const { fake } = ctx;
    const error = (() => {
      try {
        workspaceFor(fake, { workspaceId: id, fetch } as Partial<CloudWorkspaceOptions>);
      } catch (e) {
        return e as Error;
      }
      throw new Error('expected the constructor to throw');
    })();
    expectPathSegmentError(error, 'workspaceId');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['source', '..'],
    ['destination', '.'],
  ] as const)('a %s id of %j read from the platform is refused before it reaches a path', async (kind, id) => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection(kind === 'source' ? { sourceId: id } : { destinationId: id });
    const connection = workspace.getConnection(c.connectionId);
    expectPathSegmentError(await rejection(kind === 'source' ? connection.source : connection.destination), `${kind}Id`);
    // Cascading resolves and checks both ids before anything is deleted.
    const error = await rejection(connection.permanentlyDelete({ cascadeDeleteSource: true, cascadeDeleteDestination: true }));
    expectPathSegmentError(error, `${kind}Id`);
    expect(fake.trail()).toEqual([`GET /connections/${c.connectionId}`]);
    expect(fake.connections.get(c.connectionId)!.status).toBe('active');
  });

  it('keeps every other id one path segment, whatever it contains', async () => {
    // Without the spec check: the spec types connection ids as UUIDs, and this sends anything.
    const fake = await FakePlatform.start({ validator: null });
    try {
      const workspace = workspaceFor(fake);
      await fc.assert(
        fc.asyncProperty(anyText, async (id) => {
          const before = fake.requests.length;
          const error = await rejection((async () => workspace.getConnection(id).enabled)());
          const sent = fake.requests.slice(before).filter((r) => r.api === 'public');
          if (error instanceof ValidationError) {
            // Refused ids: dot segments, blanks, and text that is not well-formed Unicode.
            expectPathSegmentError(error, 'connectionId');
            expect(sent).toEqual([]);
            return;
          }
          expect(error).toBeInstanceOf(MissingResourceError); // the fake knows no such connection
          expect(sent).toHaveLength(1);
          const segments = sent[0]!.rawPath.split('/');
          expect(segments.slice(0, -1).join('/')).toBe('/api/public/v1/connections');
          expect(decodeURIComponent(segments.at(-1)!)).toBe(id);
        }),
        { numRuns: 200 },
      );
    } finally {
      await fake.close();
    }
  });

  it('still accepts ordinary ids that merely contain dots', () => {
    const ws = new CloudWorkspace({ workspaceId: 'ws.1', bearerToken: 'token-value-123' });
    expect(ws.getConnection('...').connectionId).toBe('...');
    expect(ws.getConnection('.hidden').connectionId).toBe('.hidden');
    expect(ws.getConnection('a..b').connectionId).toBe('a..b');
  });
});
