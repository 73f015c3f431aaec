/**
 * Conformance of the recruiting connector with Greenhouse's own Harvest v1 documentation under
 * ../shared/vendor-specs (or SWITCHYARD_VENDOR_SPECS); each block is skipped with a message when the
 * files are absent. Greenhouse publishes no OpenAPI document, so:
 *
 * 1. examples-from-docs/harvest-v1-get-examples.json: every documented example response of an
 *    endpoint the connector reads, served through a loopback server, parses into `data` that equals
 *    the example (unknown keys kept), validates against the package's `recordSchemas`, and still
 *    validates with every nullable field set to null.
 * 2. harvest-docs-md/_<entity>.md: every query parameter the connector can send on a read is in the
 *    "Querystring parameters" table of the documented endpoint.
 * 3. The records the Greenhouse fake serves validate against `recordSchemas` too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import { metadata, paramSchemas, recordSchemas, type RecruitingConnector } from '@switchyard/connector-recruiting';
import { startServer, type FakeServer } from '../fakes/harness.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { loose, makeConnector, useGreenhouseFake, type Json } from './helpers.js';

const HARVEST = 'https://harvest.greenhouse.io/v1';
type Definition = keyof (typeof recordSchemas)['definitions'];
type PropertySchema = { anyOf?: { type?: string }[] };

interface ReadAction {
  name: string;
  entity: string;
  action: string;
  kind: 'list' | 'get';
  path: string;
  definition: Definition;
  queryParams: string[];
}

/** Every list and get action of the spec (downloads and hosted-only search excluded). */
const READS: ReadAction[] = Object.values(metadata.actions).flatMap((actions) =>
  Object.values(actions)
    .filter((a) => (a.kind === 'list' || a.kind === 'get') && !a.hostedOnly && a.request)
    .map((a) => ({
      name: `${a.entity}.${a.action}`,
      entity: a.entity,
      action: a.action,
      kind: a.kind as 'list' | 'get',
      path: a.request!.path,
      definition: a.recordType as Definition,
      queryParams: Object.entries(a.params)
        .filter(([, rule]) => rule.in === 'query')
        .map(([name]) => name),
    })),
);

const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();
const validator = (definition: string): ValidateFunction => {
  if (!validators.has(definition)) validators.set(definition, ajv.compile({ ...recordSchemas, $ref: `#/definitions/${definition}` }));
  return validators.get(definition)!;
};
const problems = (definition: string, record: unknown): string[] => {
  const validate = validator(definition);
  return validate(record) ? [] : [ajv.errorsText(validate.errors)];
};
const properties = (definition: Definition) =>
  recordSchemas.definitions[definition].properties as unknown as Record<string, PropertySchema>;
const nullableFields = (definition: Definition) =>
  Object.entries(properties(definition))
    .filter(([, schema]) => schema.anyOf?.some((member) => member.type === 'null'))
    .map(([name]) => name);

it('the spec has the 18 list/get reads the docs examples cover', () => {
  expect(READS.map((r) => r.name).sort()).toEqual(
    [
      'applications.get',
      'applications.list',
      'candidates.get',
      'candidates.list',
      'departments.get',
      'departments.list',
      'job_posts.get',
      'job_posts.list',
      'jobs.get',
      'jobs.list',
      'offers.get',
      'offers.list',
      'offices.get',
      'offices.list',
      'scheduled_interviews.get',
      'scheduled_interviews.list',
      'sources.list',
      'users.get',
      'users.list',
    ].sort(),
  );
});

interface ExampleEntry {
  doc_file: string;
  url: string;
  examples: unknown[];
}

describeWithVendorSpec(
  'Harvest docs example responses parse into records that match recordSchemas',
  ['greenhouse', 'examples-from-docs', 'harvest-v1-get-examples.json'],
  (file) => {
    let entries: Record<string, ExampleEntry>;
    let server: FakeServer;
    let serving: unknown;
    let connector: RecruitingConnector;

    beforeAll(async () => {
      entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ExampleEntry>;
      server = await startServer(() => ({ body: serving }));
      connector = makeConnector(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    /** The documented endpoint of a read: exactly one example entry with the same URL. */
    const entryOf = (read: ReadAction): [string, ExampleEntry] => {
      const found = Object.entries(entries).filter(([, e]) => e.url === `${HARVEST}${read.path}`);
      expect(
        found.map(([key]) => key),
        `examples for GET ${read.path}`,
      ).toHaveLength(1);
      return found[0]!;
    };
    /** `render_as=tree` examples (records with `children`): a shape the connector never asks for. */
    const isTree = (body: unknown) => (Array.isArray(body) ? body : [body]).some((r) => r && typeof r === 'object' && 'children' in r);
    const usable = (entry: ExampleEntry) => entry.examples.filter((body) => !isTree(body));

    const fetchData = async (read: ReadAction, body: unknown): Promise<{ data: unknown; meta: unknown }> => {
      serving = body;
      server.reset();
      const params = read.kind === 'get' ? { id: 4242 } : {};
      const result = await loose(connector).execute(read.entity, read.action, params);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.method).toBe('GET');
      expect(server.requests[0]!.path).toBe(`/v1${read.path.replace('{id}', '4242')}`);
      return result;
    };

    it('the examples used are the documented ones named after each endpoint', () => {
      const keys = READS.map((read) => entryOf(read)[0]);
      expect(keys).toContain('GET: List Candidates');
      expect(keys).toContain('GET: Retrieve Candidate');
      expect(keys).toContain('GET: List Scheduled Interviews');
      expect(keys).toContain('GET: Retrieve Job Post');
      expect(keys).toContain('GET: List Sources');
      for (const read of READS) {
        const [key, entry] = entryOf(read);
        expect(key.startsWith(read.kind === 'list' ? 'GET: List ' : 'GET: Retrieve '), key).toBe(true);
        expect(entry.doc_file).toBe(`_${read.entity}.md`);
        for (const body of entry.examples) expect(Array.isArray(body), `${key}: a list example is an array`).toBe(read.kind === 'list');
      }
      // Only the render_as=tree variants of departments and offices are left out.
      const skipped = READS.flatMap((read) => {
        const [key, entry] = entryOf(read);
        return entry.examples.flatMap((body, i) => (isTree(body) ? [`${key}#${i}`] : []));
      });
      expect(skipped.sort()).toEqual(['GET: List Departments#1', 'GET: List Offices#1', 'GET: Retrieve Office#1']);
      expect(metadata.actions['departments']!['list']!.params['render_as']).toBeUndefined();
    });

    it.each(READS.map((r) => [r.name, r] as const))(
      '%s: every example validates and is kept whole (unknown keys too)',
      async (_name, read) => {
        const [key, entry] = entryOf(read);
        const bodies = usable(entry);
        expect(bodies.length, key).toBeGreaterThan(0);
        const known = Object.keys(properties(read.definition));
        for (const body of bodies) {
          const { data, meta } = await fetchData(read, structuredClone(body));
          expect(data, key).toEqual(body);
          expect(meta).toStrictEqual(read.kind === 'list' ? { next_page: null } : {});
          const records = (read.kind === 'list' ? data : [data]) as Json[];
          expect(records.length).toBeGreaterThan(0);
          for (const record of records) expect(problems(read.definition, record), `${key} record ${record['id']}`).toEqual([]);
          const examples = (Array.isArray(body) ? body : [body]) as Json[];
          examples.forEach((example, i) => {
            for (const unknown of Object.keys(example).filter((k) => !known.includes(k))) {
              expect(records[i]![unknown], `${key}: unknown key ${unknown}`).toEqual(example[unknown]);
            }
          });
        }
      },
    );

    it('the examples carry keys our records do not declare, and they reach `data`', () => {
      const unknown = READS.flatMap((read) => {
        const known = Object.keys(properties(read.definition));
        return usable(entryOf(read)[1]).flatMap((body) =>
          (Array.isArray(body) ? body : [body]).flatMap((r: Json) =>
            Object.keys(r)
              .filter((k) => !known.includes(k))
              .map((k) => `${read.name}:${k}`),
          ),
        );
      });
      expect(unknown).toEqual(
        expect.arrayContaining(['candidates.list:linked_user_ids', 'applications.get:keyed_custom_fields', 'users.get:custom_fields']),
      );
    });

    it.each(READS.map((r) => [r.name, r] as const))('%s: with every nullable field set to null it still validates', async (_name, read) => {
      const nullable = nullableFields(read.definition);
      expect(nullable.length, read.definition).toBeGreaterThan(0);
      const body = structuredClone(usable(entryOf(read)[1])[0]) as Json | Json[];
      const original = (Array.isArray(body) ? body[0] : body) as Json;
      const mutated: Json = { ...original };
      for (const name of nullable) mutated[name] = null;
      const served = Array.isArray(body) ? [mutated, ...body.slice(1)] : mutated;

      const { data } = await fetchData(read, served);
      const record = (read.kind === 'list' ? (data as Json[])[0] : data) as Json;
      for (const name of nullable) expect(record[name], name).toBeNull();
      expect(problems(read.definition, record)).toEqual([]);
      // A null where the schema does not allow one is caught (the check is not vacuous).
      const required = (recordSchemas.definitions[read.definition] as { required: readonly string[] }).required;
      expect(problems(read.definition, { ...record, [required[0]!]: null })).not.toEqual([]);
    });
  },
);

/** Parameter names of the "Querystring parameters" table(s) of the section documenting `GET url`. */
function documentedQueryParams(markdown: string, url: string): string[] | undefined {
  const sections = markdown.split(/^(?=## )/m);
  const section = sections.find((s) => s.split('\n').some((line) => line.trim() === `\`GET ${url}\``));
  if (!section) return undefined;
  const names: string[] = [];
  let inQueryTable = false;
  for (const line of section.split('\n')) {
    if (/^#{3,}\s/.test(line)) {
      inQueryTable = /querystring/i.test(line);
      continue;
    }
    if (!inQueryTable || !line.trim().startsWith('|')) continue;
    const cell = line.split('|')[1]!.trim();
    if (cell === '' || /^-+$/.test(cell) || cell.toLowerCase() === 'parameter') continue;
    names.push(cell.replace(/^\*/, '').replace(/`/g, '').trim());
  }
  return names;
}

describeWithVendorSpec('Query parameters the connector sends are documented by Harvest', ['greenhouse', 'harvest-docs-md'], (dir) => {
  const read = (entity: string) => readFileSync(join(dir, `_${entity}.md`), 'utf8');
  const withQuery = READS.filter((r) => r.queryParams.length > 0);

  it('the docs table parser reads what it should', () => {
    const candidates = read('candidates');
    expect(documentedQueryParams(candidates, `${HARVEST}/candidates`)).toEqual([
      'per_page',
      'page',
      'skip_count',
      'created_before',
      'created_after',
      'updated_before',
      'updated_after',
      'job_id',
      'email',
      'candidate_ids',
    ]);
    // Retrieve Candidate has a URL-parameters table only: no query parameters.
    expect(documentedQueryParams(candidates, `${HARVEST}/candidates/{id}`)).toEqual([]);
    expect(documentedQueryParams(candidates, `${HARVEST}/nope`)).toBeUndefined();
    // "Optional querystring Parameters" heading, and not the per-application endpoint's table.
    const interviews = documentedQueryParams(read('scheduled_interviews'), `${HARVEST}/scheduled_interviews`)!;
    expect(interviews).toContain('actionable');
    expect(interviews).not.toContain('id');
    expect(documentedQueryParams(read('departments'), `${HARVEST}/departments`)).toContain('render_as');
  });

  it('every list action (and job_posts.get) sends query parameters', () => {
    expect(
      withQuery
        .filter((r) => r.kind === 'list')
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      READS.filter((r) => r.kind === 'list')
        .map((r) => r.name)
        .sort(),
    );
    expect(withQuery.filter((r) => r.kind === 'get').map((r) => r.name)).toEqual(['job_posts.get']);
  });

  it.each(withQuery.map((r) => [r.name, r] as const))('%s: every query parameter is in the docs table', (_name, r) => {
    const documented = documentedQueryParams(read(r.entity), `${HARVEST}${r.path}`);
    expect(documented, `section for GET ${r.path} in _${r.entity}.md`).toBeDefined();
    const undocumented = r.queryParams.filter((p) => !documented!.includes(p));
    expect(undocumented, `documented: ${documented!.join(', ')}`).toEqual([]);
    if (r.kind === 'list') expect(r.queryParams).toEqual(expect.arrayContaining(['per_page', 'page']));
  });

  it('every attachment type the docs list is accepted by the download actions', () => {
    const row = read('candidates')
      .split('\n')
      .find((line) => line.startsWith('| attachments[].type'))!;
    const documented = [...row.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
    expect(documented).toContain('resume');
    const allowed = paramSchemas.application_attachment.download.properties.type.enum as readonly string[];
    expect(documented.filter((t) => !allowed.includes(t))).toEqual([]);
    expect(paramSchemas.candidate_attachment.download.properties.type.enum).toEqual(allowed);
  });
});

describe('records the Greenhouse fake serves against recordSchemas', () => {
  const ctx = useGreenhouseFake({ candidates: 60 });
  const lists = [
    ['candidates', 'Candidate'],
    ['applications', 'Application'],
    ['jobs', 'Job'],
    ['offers', 'Offer'],
    ['users', 'User'],
    ['departments', 'Department'],
    ['offices', 'Office'],
    ['job_posts', 'JobPost'],
    ['sources', 'Source'],
    ['scheduled_interviews', 'ScheduledInterview'],
  ] as const;
  /** Known spec/fake disagreements, reported separately below. */
  const known = (definition: string, problem: string) =>
    (definition === 'Application' && problem === 'data/credited_to must be object') ||
    (definition === 'Job' && problem === 'data/opened_at must be string');

  const invalid = async (entity: string, definition: string, keepKnown: boolean): Promise<string[]> => {
    const c = makeConnector(ctx.fake);
    const out: string[] = [];
    const records: Json[] = [];
    for await (const record of (c as unknown as Record<string, { list(p: object): AsyncIterable<Json> }>)[entity]!.list({ per_page: 500 }))
      records.push(record);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      for (const problem of problems(definition, record).flatMap((p) => p.split(', '))) {
        if (keepKnown || !known(definition, problem)) out.push(`${entity} ${record['id']}: ${problem}`);
      }
    }
    return out;
  };

  it.each(lists)('%s validate as %s', async (entity, definition) => {
    expect(await invalid(entity, definition, false)).toEqual([]);
  });

  it('applications.credited_to and jobs.opened_at may be null', async () => {
    expect([...(await invalid('applications', 'Application', true)), ...(await invalid('jobs', 'Job', true))]).toEqual([]);
  });

  // Recorded real answers carry `source: null` for an application created without a source.
  it('applications.list parses applications whose source is null, and they validate', async () => {
    const { data } = await makeConnector(ctx.fake).applications.list({ per_page: 500 });
    const sourceless = data.filter((a) => a.source === null);
    expect(sourceless.length).toBeGreaterThan(0);
    expect(sourceless.length).toBeLessThan(data.length);
    for (const application of sourceless) expect(problems('Application', application)).toEqual([]);
  });
});
