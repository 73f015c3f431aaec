/**
 * Conformance against the platform's official specs (../shared/vendor-specs/airbyte, overridable
 * with SWITCHYARD_VENDOR_SPECS). Every other suite already fails on a non-conforming request
 * (the fake answers 422 and lists it); this file proves the checker catches what it should and
 * walks every operation once so each endpoint the client uses is checked.
 */
import { describe, expect, it } from 'vitest';
import { airbyteSpecDir, specsAvailable, specsMissingMessage, VENDOR_SPECS_ENV } from '../fakes/platform/spec-validator.js';
import { CloudConnection, specValidator, useFakePlatform, type FakePlatform } from './helpers.js';

if (!specsAvailable) console.warn(`[cloud conformance] skipped: ${specsMissingMessage}`);
const suite = specsAvailable ? describe : describe.skip;
const title = specsAvailable
  ? `platform spec conformance (${airbyteSpecDir})`
  : `platform spec conformance — SKIPPED: no specs at ${airbyteSpecDir}; set ${VENDOR_SPECS_ENV}`;

const UUID = '3f1c2b9e-5d4a-4e8f-9a7b-1c2d3e4f5a6b';
const bearer = { authorization: 'Bearer abc.def.ghi', 'content-type': 'application/json' };

function check(spec: 'public' | 'config', method: string, pathAndQuery: string, body?: unknown, headers: Record<string, string> = bearer) {
  const [path, query = ''] = pathAndQuery.split('?') as [string, string?];
  return specValidator()!.check({
    spec,
    method,
    path,
    query: new URLSearchParams(query),
    headers,
    body: body === undefined ? '' : JSON.stringify(body),
  });
}

suite(title, () => {
  describe('the request checker', () => {
    it('accepts requests the client sends', () => {
      expect(check('public', 'GET', `/jobs?connectionId=${UUID}&limit=100&offset=0&orderBy=createdAt%7CDESC&jobType=sync`)).toEqual([]);
      expect(check('public', 'POST', '/jobs', { connectionId: UUID, jobType: 'sync' })).toEqual([]);
      expect(
        check('public', 'PATCH', `/connections/${UUID}`, { schedule: { scheduleType: 'cron', cronExpression: '0 0 0 * * ?' } }),
      ).toEqual([]);
      expect(check('config', 'POST', '/v1/state/get', { connectionId: UUID })).toEqual([]);
      const tokenHeaders = { 'content-type': 'application/json' };
      expect(
        check(
          'config',
          'POST',
          '/public/v1/applications/token',
          { client_id: 'a', client_secret: 'b', grant_type: 'client_credentials' },
          tokenHeaders,
        ),
      ).toEqual([]);
    });

    it.each([
      ['a limit above 100', 'public', 'GET', `/jobs?limit=101`, undefined, 'query parameter limit'],
      ['an undeclared query parameter', 'public', 'GET', `/jobs?sort=desc`, undefined, 'sort is not declared'],
      ['a non-integer job id', 'public', 'GET', '/jobs/abc', undefined, 'path parameter jobId'],
      ['a job without connectionId', 'public', 'POST', '/jobs', { jobType: 'sync' }, "required property 'connectionId'"],
      ['a job with a malformed connectionId', 'public', 'POST', '/jobs', { connectionId: 'c-1', jobType: 'sync' }, 'format'],
      ['an unknown job type', 'public', 'POST', '/jobs', { connectionId: UUID, jobType: 'resync' }, 'allowed values'],
      ['the basic schedule type', 'public', 'PATCH', `/connections/${UUID}`, { schedule: { scheduleType: 'basic' } }, 'allowed values'],
      ['a PATCH without its body', 'public', 'PATCH', `/connections/${UUID}`, undefined, 'required request body is missing'],
      ['a body on a GET', 'public', 'GET', `/connections/${UUID}`, { x: 1 }, 'takes none'],
      ['an unknown path', 'public', 'GET', '/nope', undefined, 'no such path'],
      ['a config call with a bad connection id', 'config', 'POST', '/v1/state/get', { connectionId: 'x' }, 'format'],
      ['a logs call without a job id', 'config', 'POST', '/v1/jobs/get', {}, "required property 'id'"],
    ] as const)('flags %s', (_what, spec, method, path, body, expected) => {
      const problems = check(spec, method, path, body);
      expect(problems.join('\n')).toContain(expected);
    });

    it('flags a missing Authorization header, and one sent to the token endpoint', () => {
      expect(check('public', 'GET', `/connections/${UUID}`, undefined, {}).join()).toContain('Authorization: Bearer header is missing');
      const token = { client_id: 'a', client_secret: 'b', grant_type: 'client_credentials' };
      expect(check('config', 'POST', '/public/v1/applications/token', token).join()).toContain('without security');
      expect(
        check(
          'config',
          'POST',
          '/public/v1/applications/token',
          { client_id: 'a', client_secret: 'b' },
          { 'content-type': 'application/json' },
        ).join(),
      ).toContain("required property 'grant_type'");
    });
  });

  describe('every operation of the client', () => {
    const ctx = useFakePlatform();

    const endpoints = (fake: FakePlatform) =>
      new Set(
        fake.requests.map((r) => {
          const template = r.path.replace(/\/\d+$/, '/{jobId}').replace(/\/[0-9a-f-]{36}$/, '/{id}');
          return `${r.api} ${r.method} ${template}`;
        }),
      );

    it('sends only requests the specs accept', async () => {
      const { fake, workspace } = ctx;
      const c = fake.addConnection({ state: { stateType: 'stream', streamState: [] } });
      for (let i = 0; i < 3; i++) fake.addJob(c.connectionId);
      const connection = workspace.getConnection(c.connectionId);
      await connection.checkIsValid();
      await Promise.all([connection.name, connection.source, connection.destination, connection.enabled]);
      await connection.getCatalogArtifact();
      await connection.getStateArtifacts();
      const [latest] = await connection.getPreviousSyncLogs({ limit: 150, fromTail: false, offset: 1 });
      await latest!.getFullLogText({ attempts: 'all' });
      await connection.getSyncResult();
      await connection.getSyncResult(latest!.jobId);
      await connection.rename('renamed');
      await connection.setTablePrefix('');
      await connection.setSelectedStreams(['users', { name: 'orders', syncMode: 'incremental_append', cursorField: ['id'] }]);
      await connection.setManualSchedule();
      await connection.setSchedule('0 0 0/6 * * ?');
      await connection.setEnabled(false);
      await connection.setEnabled(true);
      await connection.runSync();
      const pending = await connection.runSync({ wait: false });
      await pending.cancel();
      await new CloudConnection(workspace, c.connectionId).permanentlyDelete({ cascadeDeleteSource: true, cascadeDeleteDestination: true });

      expect(fake.violations).toEqual([]);
      expect([...endpoints(fake)].sort()).toEqual(
        [
          'token POST /applications/token',
          'public GET /connections/{id}',
          'public PATCH /connections/{id}',
          'public DELETE /connections/{id}',
          'public GET /sources/{id}',
          'public DELETE /sources/{id}',
          'public GET /destinations/{id}',
          'public DELETE /destinations/{id}',
          'public GET /jobs',
          'public POST /jobs',
          'public GET /jobs/{jobId}',
          'public DELETE /jobs/{jobId}',
          'config POST /web_backend/connections/get',
          'config POST /state/get',
          'config POST /jobs/get',
        ].sort(),
      );
    });

    it('the fake rejects a non-conforming request with 422 and records it', async () => {
      const { fake } = ctx;
      const response = await fetch(`${fake.apiRoot}/jobs?limit=500`, { headers: { authorization: 'Bearer x' } });
      expect(response.status).toBe(422);
      expect(fake.violations.join()).toContain('limit');
      fake.violations.length = 0; // expected here; keep the shared after-each check for the rest
    });
  });
});
