/**
 * Matrix fixture of the conversation-intelligence connector (specs/conversation-intelligence.yaml)
 * on the Gong fake. Every action reads: GET lists with the cursor in the query, POST lists with the
 * cursor in the JSON body, and two media downloads through a lookup POST.
 */
import * as pkg from '@switchyard/connector-conversation-intelligence';
import { startGongFake, type GongFake } from '../../fakes/gong.js';
import { defineFixture } from '../fixture.js';

/** `+`, `/` and `=` make the URL-, form- and base64-encoded forms of the secret differ from it. */
const KEY = 'TKRZ3XKDXD4Q2QBGSTWFLD7W6B3GD7Y5';
const SECRET = 'eyJhbGciOiJIUzI1NiJ9.SwItCh+YaRd/GoNg=';

/** The smallest recording of a kind (downloads are read many times by the matrix). */
function smallestCall(fake: GongFake, kind: 'audio' | 'video'): string {
  const sized = [...fake.data.recordings.values()]
    .map((r) => r[kind])
    .filter((r) => r !== undefined)
    .sort((a, b) => a.size - b.size);
  return sized[0]!.callId;
}

const PERIOD = { fromDate: '2024-02-01', toDate: '2024-06-04' };

export default defineFixture<GongFake>({
  pkg,
  create: (options) => new pkg.ConversationIntelligenceConnector(options as pkg.ConversationIntelligenceConnectorOptions),
  // Pages of 10 records: 32 users, 45 calls and 25 library calls give 3+ pages each.
  start: () => startGongFake({ accessKey: KEY, accessKeySecret: SECRET, users: 32, calls: 45, pageSize: 10 }),
  baseUrl: (fake) => `${fake.url}/v2`,
  credentials: { access_key: KEY, access_key_secret: SECRET },
  authHeader: { name: 'authorization', value: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` },
  examples: {
    'users.get': (fake) => ({ id: fake.data.users[4]!['id'] }),
    'calls.get': (fake) => ({ id: fake.data.calls[7]!['id'] }),
    'calls_extensive.list': () => ({ filter: {} }),
    'call_audio.download': (fake) => ({ filter: { callIds: [smallestCall(fake, 'audio')] } }),
    'call_video.download': (fake) => ({ filter: { callIds: [smallestCall(fake, 'video')] } }),
    'stats_activity_aggregate.list': () => ({ filter: PERIOD }),
    'stats_activity_day_by_day.list': (fake) => ({
      filter: { fromDate: '2024-05-20', toDate: '2024-06-03', userIds: [fake.data.users[5]!['id']] },
    }),
    'stats_interaction.list': () => ({ filter: PERIOD }),
    'library_folders.list': (fake) => ({ workspaceId: fake.data.workspaces[0]!['id'] }),
    'library_folder_content.list': (fake) => ({ folderId: fake.data.folders[0]!['id'] }),
    'coaching.list': (fake) => ({
      workspace_id: fake.data.workspaces[0]!['id'],
      manager_id: fake.data.users[0]!['id'],
      from_: '2024-03-01T00:00:00Z',
      to: '2024-06-03T00:00:00Z',
    }),
  },
  values: {
    // Every id parameter is a string of digits; these are ids the fake knows.
    id: '7782342274025937895',
    workspaceId: '623457276584334',
    range_header: 'bytes=0-1023',
    // The media lookup must ask for media URLs; the matrix would make up an empty selector.
    'call_audio.download.contentSelector': { exposedFields: { media: true } },
    'call_video.download.contentSelector': { exposedFields: { media: true } },
  },
  paging: [
    {
      action: 'users.list',
      params: () => ({}),
      expectedIds: (fake) => fake.data.users.map((u) => u['id']),
      idOf: (user: { id: string }) => user.id,
    },
    {
      action: 'calls_extensive.list',
      params: () => ({ filter: {}, contentSelector: { exposedFields: { parties: true } } }),
      expectedIds: (fake) => fake.data.calls.map((c) => c['id']),
      idOf: (call: { id: string }) => call.id,
    },
    {
      action: 'library_folder_content.list',
      params: (fake) => ({ folderId: fake.data.folders[0]!['id'] }),
      expectedIds: (fake) => fake.data.folderCalls.get(fake.data.folders[0]!['id'] as string)!.map((c) => c['id']),
      idOf: (call: { callId: string }) => call.callId,
    },
  ],
});
