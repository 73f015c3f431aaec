import { pick, seededRandom } from './random.js';

/**
 * Slack-shaped users and channels (fields and value styles as users.list and
 * conversations.list return them), generated deterministically.
 */
const FIRST = [
  'Ada',
  'Grace',
  'Linus',
  'Margaret',
  'Alan',
  'Barbara',
  'Ken',
  'Radia',
  'Donald',
  'Frances',
  'John',
  'Joan',
  'Dennis',
  'Edsger',
  'Katherine',
  'Tim',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Turing',
  'Liskov',
  'Thompson',
  'Perlman',
  'Knuth',
  'Allen',
  'Smith',
  'Clarke',
  'Ritchie',
  'Dijkstra',
  'Johnson',
  'Berners-Lee',
];
const TITLES = [
  'Staff Engineer',
  'Product Manager',
  'Support Lead',
  'Designer',
  'Data Scientist',
  'Sales Engineer',
  'Engineering Manager',
  'Developer Advocate',
];
const TZS: readonly [string, string, number][] = [
  ['America/Los_Angeles', 'Pacific Standard Time', -28800],
  ['America/New_York', 'Eastern Standard Time', -18000],
  ['Europe/London', 'Greenwich Mean Time', 0],
  ['Europe/Paris', 'Central European Time', 3600],
  ['Asia/Tokyo', 'Japan Standard Time', 32400],
  ['Asia/Kolkata', 'India Standard Time', 19800],
];
const COLORS = ['9f69e7', '4bbe2e', 'e7392d', '3c989f', '674b1b', 'e96699', '5b89d5', 'db3150'];
const CHANNEL_WORDS = [
  'general',
  'random',
  'launch',
  'incident',
  'support',
  'design',
  'backend',
  'frontend',
  'sales',
  'hiring',
  'ops',
  'data',
];
const TOPIC_WORDS = [
  'release',
  'planning',
  'weekly',
  'sync',
  'customers',
  'escalations',
  'roadmap',
  'outage',
  'postmortem',
  'feedback',
  'onboarding',
  'metrics',
];

export const TEAM_IDS = ['T024BE7LD', 'T0G9PQBBK'];

export function slackUsers(count: number, seed = 7): { id: string; data: Record<string, unknown> }[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const id = `U${(100000 + i * 7919).toString(36).toUpperCase().padStart(8, '0')}`;
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    const [tz, tzLabel, tzOffset] = pick(random, TZS);
    const isBot = random() < 0.05;
    const handle = `${first}.${last}${i}`.toLowerCase();
    const data: Record<string, unknown> = {
      id,
      team_id: pick(random, TEAM_IDS),
      name: isBot ? `${pick(random, CHANNEL_WORDS)}-bot-${i}` : handle,
      deleted: random() < 0.08,
      color: pick(random, COLORS),
      tz,
      tz_label: tzLabel,
      tz_offset: tzOffset,
      is_admin: random() < 0.1,
      is_owner: i === 0,
      is_primary_owner: i === 0,
      is_restricted: random() < 0.05,
      is_ultra_restricted: false,
      is_bot: isBot,
      is_app_user: false,
      updated: 1_600_000_000 + Math.floor(random() * 100_000_000),
      is_email_confirmed: random() < 0.9,
      who_can_share_contact_card: 'EVERYONE',
      profile: {
        title: isBot ? '' : pick(random, TITLES),
        phone: random() < 0.3 ? `+1 555 01${String(i % 100).padStart(2, '0')}` : '',
        real_name: isBot ? '' : `${first} ${last}`,
        display_name: isBot ? '' : first,
        email: isBot ? undefined : `${handle}@example.com`,
        status_text: random() < 0.2 ? 'In a meeting' : '',
        team: 'T024BE7LD',
      },
    };
    // Bots have no real name and some users never set a timezone: missing fields are realistic.
    if (!isBot) data['real_name'] = `${first} ${last}`;
    if (random() < 0.05) delete data['tz_offset'];
    if (random() < 0.03) data['color'] = null;
    return { id, data };
  });
}

export function slackChannels(count: number, seed = 11): { id: string; data: Record<string, unknown> }[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const id = `C${(500000 + i * 104729).toString(36).toUpperCase().padStart(8, '0')}`;
    const name = i < CHANNEL_WORDS.length ? CHANNEL_WORDS[i]! : `${pick(random, CHANNEL_WORDS)}-${pick(random, TOPIC_WORDS)}-${i}`;
    const topic = `${pick(random, TOPIC_WORDS)} ${pick(random, TOPIC_WORDS)} for ${pick(random, CHANNEL_WORDS)}`;
    const previous = random() < 0.3 ? [`old-${name}`, `${pick(random, CHANNEL_WORDS)}-archive`] : [];
    const data: Record<string, unknown> = {
      id,
      name,
      name_normalized: name,
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
      is_private: random() < 0.2,
      is_archived: random() < 0.15,
      is_general: i === 0,
      is_shared: random() < 0.1,
      is_org_shared: false,
      is_ext_shared: false,
      is_pending_ext_shared: false,
      is_member: random() < 0.5,
      created: 1_450_000_000 + i * 86_400,
      updated: 1_650_000_000_000 + Math.floor(random() * 10_000_000_000),
      unlinked: 0,
      creator: `U${(100000 + Math.floor(random() * 50) * 7919).toString(36).toUpperCase().padStart(8, '0')}`,
      context_team_id: pick(random, TEAM_IDS),
      num_members: Math.floor(random() * 400),
      previous_names: previous,
      shared_team_ids: [pick(random, TEAM_IDS)],
      pending_shared: [],
      pending_connected_team_ids: [],
      topic: { value: topic, creator: 'U0000001', last_set: 1_600_000_000 + i },
      purpose: { value: `Discuss ${topic}`, creator: 'U0000001', last_set: 1_600_000_000 + i },
      locale: random() < 0.5 ? 'en-US' : 'fr-FR',
    };
    return { id, data };
  });
}
