/**
 * Matrix fixture of the recruiting connector (specs/recruiting.yaml) on the Greenhouse Harvest v1
 * fake. Every action is a GET: the recruiting connector has no writes.
 */
import * as pkg from '@switchyard/connector-recruiting';
import { startGreenhouseFake, type GreenhouseFake } from '../../fakes/greenhouse.js';
import type { Json } from '../../fakes/greenhouse/types.js';
import { defineFixture } from '../fixture.js';

/** The Basic username; `+`, `/` and `=` make its URL-, form- and base64-encoded forms differ. */
const KEY = 'gh_harvest_3f9c2a7d+41e8/b6c05f=SwItChYaRd';

/** A record whose first attachment (the one a download without selection fetches) is small: the matrix reads it often. */
function withSmallAttachment(fake: GreenhouseFake, rows: Json[]): number {
  const sizeOfFirst = (row: Json): number => {
    const first = (row['attachments'] as Json[])[0];
    if (!first) return Infinity;
    const fileId = /\/files\/(\d+)\//.exec(first['url'] as string)![1]!;
    return fake.data.files.get(fileId)!.size;
  };
  return [...rows].sort((a, b) => sizeOfFirst(a) - sizeOfFirst(b))[0]!['id'] as number;
}

export default defineFixture<GreenhouseFake>({
  pkg,
  create: (options) => new pkg.RecruitingConnector(options as pkg.RecruitingConnectorOptions),
  // 35 candidates: four pages of 10.
  start: () => startGreenhouseFake({ apiKey: KEY, candidates: 35 }),
  baseUrl: (fake) => `${fake.url}/v1`,
  credentials: { api_key: KEY },
  authHeader: { name: 'authorization', value: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
  examples: {
    'applications.get': (fake) => ({ id: fake.data.applications[3]!['id'] }),
    'candidates.get': (fake) => ({ id: fake.data.candidates[7]!['id'] }),
    'departments.get': (fake) => ({ id: fake.data.departments[1]!['id'] }),
    'job_posts.get': (fake) => ({ id: fake.data.jobPosts[0]!['id'] }),
    'jobs.get': (fake) => ({ id: fake.data.jobs[2]!['id'] }),
    'offers.get': (fake) => ({ id: fake.data.offers[1]!['id'] }),
    'offices.get': (fake) => ({ id: fake.data.offices[4]!['id'] }),
    'scheduled_interviews.get': (fake) => ({ id: fake.data.scheduledInterviews[10]!['id'] }),
    'users.get': (fake) => ({ id: fake.data.users[4]!['id'] }),
    'application_attachment.download': (fake) => ({ id: withSmallAttachment(fake, fake.data.applications) }),
    'candidate_attachment.download': (fake) => ({ id: withSmallAttachment(fake, fake.data.candidates) }),
  },
  values: {},
  paging: [
    {
      action: 'candidates.list',
      params: () => ({ per_page: 10 }),
      expectedIds: (fake) => fake.data.candidates.map((c) => c['id']),
      idOf: (candidate: { id: number }) => candidate.id,
    },
    {
      action: 'applications.list',
      params: () => ({ status: 'active', per_page: 5 }),
      expectedIds: (fake) => fake.data.applications.filter((a) => a['status'] === 'active').map((a) => a['id']),
      idOf: (application: { id: number }) => application.id,
    },
  ],
});
