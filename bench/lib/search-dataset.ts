/**
 * The search benchmark's data: Slack-like directory users (the messaging connector's `users`
 * searchable fields, plus a free-text `about`, a `skills` string array and a `memberships` array
 * of objects, so every operator has a realistic field to work on), generated deterministically
 * from an index. Names and words follow a Zipf-like distribution: a few are very common (the
 * hard case for ranking), most are rare.
 */
import { searchableFields } from '@switchyard/connector-messaging';
import { EntitySchema } from '@switchyard/server';

export const DATASET_VERSION = 'v1';
export const BENCH_TENANT = 'bench-tenant';
/** The connector whose 1,000,000 users are searched. */
export const MAIN = { tenantId: BENCH_TENANT, connectorId: 'bench-slack-main', entity: 'users' } as const;
/** Other connectors sharing the table (and the users' partial indexes). */
export const OTHERS = [
  { tenantId: BENCH_TENANT, connectorId: 'bench-slack-other', entity: 'users', count: 100_000, seed: 2 },
  { tenantId: 'bench-tenant-b', connectorId: 'bench-slack-b', entity: 'users', count: 100_000, seed: 3 },
] as const;

export const benchUsersSchema = new EntitySchema('users', {
  ...searchableFields.users,
  about: 'string',
  skills: 'array',
  memberships: 'array',
});

/** Full-text index only where people search text; the other string fields keep btree keys. */
export const TEXT_FIELDS = ['real_name', 'about'];
/** Names repeat (a few thousand distinct); `about` is nearly unique per record, so no dictionary. */
export const FUZZY_DICTIONARY_FIELDS = ['real_name'];

/** mulberry32 over a per-record seed: record i is the same on every run, in any order. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Index into a list of n, log-uniform: P(i) = ln((i+2)/(i+1)) / ln(n+1) ≈ 1/(i+1), a Zipf-like head and long tail. */
function zipf(random: () => number, n: number): number {
  return Math.min(n - 1, Math.floor((n + 1) ** random()) - 1);
}

const FIRST = (
  'James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph Jessica ' +
  'Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley ' +
  'Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa ' +
  'Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy ' +
  'Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen ' +
  'Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet ' +
  'Ada Grace Linus Alan Radia Edsger Dennis Ken Frances Joan Barbara Tim Guido Bjarne Yukihiro Anders Hedy Katalin ' +
  'Aiko Haruto Yuna Sota Mei Ren Priya Arjun Ananya Vihaan Sofia Mateo Lucia Hugo Chloe Louis Lea Jules Ines Noah'
).split(' ');
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson ' +
  'Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker ' +
  'Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell ' +
  'Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy ' +
  'Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson ' +
  'Lovelace Hopper Torvalds Hamilton Turing Liskov Perlman Dijkstra Ritchie Thompson Knuth Allen Clarke Lamarr ' +
  'Kariko Tanaka Suzuki Takahashi Watanabe Ito Yamamoto Nakamura Sharma Patel Singh Gupta Kumar Rossi Russo Ferrari ' +
  'Dubois Lefebvre Moreau Laurent Fournier Girard Bonnet Muller Schmidt Schneider Fischer Weber Meyer Wagner Becker'
).split(' ');
const TITLES = [
  'Software Engineer',
  'Staff Engineer',
  'Product Manager',
  'Support Lead',
  'Designer',
  'Data Scientist',
  'Sales Engineer',
  'Engineering Manager',
  'Developer Advocate',
  'Account Executive',
  'Recruiter',
  'Site Reliability Engineer',
];
const TZS: readonly [string, string, number][] = [
  ['America/Los_Angeles', 'Pacific Standard Time', -28800],
  ['America/New_York', 'Eastern Standard Time', -18000],
  ['America/Chicago', 'Central Standard Time', -21600],
  ['Europe/London', 'Greenwich Mean Time', 0],
  ['Europe/Paris', 'Central European Time', 3600],
  ['Europe/Berlin', 'Central European Time', 3600],
  ['Asia/Tokyo', 'Japan Standard Time', 32400],
  ['Asia/Kolkata', 'India Standard Time', 19800],
  ['Australia/Sydney', 'Australian Eastern Daylight Time', 39600],
];
const LOCALES = ['en-US', 'en-GB', 'fr-FR', 'de-DE', 'ja-JP', 'es-ES', 'pt-BR', 'hi-IN'];
const COLORS = ['9f69e7', '4bbe2e', 'e7392d', '3c989f', '674b1b', 'e96699', '5b89d5', 'db3150', 'a63024', '2b6836'];
const SKILLS = (
  'typescript postgres kubernetes react python go rust java sql terraform aws gcp azure docker graphql kafka redis ' +
  'figma sketch accessibility testing security oncall billing payments search ml statistics spark airflow dbt ' +
  'marketing sales negotiation hiring mentoring writing support onboarding analytics excel swift kotlin ios android'
).split(' ');
/** Words of `about`, most common first; with zipf() the first few appear in a large share of records. */
const WORDS = (
  'team work product customers data platform build love help people design ship new systems open source coffee ' +
  'music travel running hiking reading climbing cooking photography football chess guitar piano cycling yoga ' +
  'infrastructure reliability performance latency migrations databases queues pipelines dashboards experiments ' +
  'roadmap strategy pricing growth retention onboarding documentation tutorials conferences meetups mentoring ' +
  'kubernetes terraform observability tracing incidents postmortems security compliance privacy accessibility ' +
  'frontend backend mobile apis sdks connectors integrations webhooks billing invoices payments refunds search ' +
  'ranking recommendations analytics warehouses notebooks models training inference evaluation labeling'
).split(' ');
/** Rare words: each appears in about 1 record out of RARE_EVERY. */
const RARE_EVERY = 2000;

export function userId(prefix: string, index: number): string {
  return `${prefix}${index.toString(36).toUpperCase().padStart(7, '0')}`;
}

export function channelId(n: number): string {
  return `C${(n * 7919).toString(36).toUpperCase().padStart(8, '0')}`;
}

export const TEAM_IDS = Array.from({ length: 20 }, (_, i) => `T${(i * 104729 + 1000003).toString(36).toUpperCase()}`);

/** Record `index` of a dataset; `seed` separates the connectors' datasets. */
export function benchUser(index: number, seed: number, idPrefix = 'U'): { id: string; data: Record<string, unknown> } {
  const random = rng(index * 2654435761 + seed * 97);
  const id = userId(idPrefix, index);
  const first = FIRST[zipf(random, FIRST.length)]!;
  const last = LAST[zipf(random, LAST.length)]!;
  const [tz, tzLabel, tzOffset] = TZS[Math.floor(random() * TZS.length)]!;
  const isBot = random() < 0.03;
  const handle = `${first}.${last}${index}`.toLowerCase();
  const wordCount = 8 + Math.floor(random() * 23);
  const words: string[] = [];
  for (let w = 0; w < wordCount; w++) words.push(WORDS[zipf(random, WORDS.length)]!);
  // A rare word (e.g. "zq417") in one record out of RARE_EVERY: the selective keyword case.
  if (index % RARE_EVERY === 7) words.splice(Math.floor(random() * words.length), 0, `zq${Math.floor(index / RARE_EVERY)}`);
  const skills = [...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => SKILLS[zipf(random, SKILLS.length)]!))];
  const memberships = Array.from({ length: Math.floor(random() * 5) }, () => ({
    channel: channelId(zipf(random, 5000)),
    role: random() < 0.1 ? 'admin' : 'member',
    joined: 1_500_000_000 + Math.floor(random() * 200_000_000),
  }));
  const data: Record<string, unknown> = {
    id,
    team_id: TEAM_IDS[zipf(random, TEAM_IDS.length)],
    name: handle,
    deleted: random() < 0.06,
    color: random() < 0.03 ? null : COLORS[Math.floor(random() * COLORS.length)],
    real_name: isBot ? '' : `${first} ${last}`,
    tz,
    tz_label: tzLabel,
    tz_offset: tzOffset,
    is_admin: random() < 0.08,
    is_owner: random() < 0.005,
    is_primary_owner: index === 0,
    is_restricted: random() < 0.05,
    is_ultra_restricted: random() < 0.01,
    is_bot: isBot,
    is_app_user: false,
    is_email_confirmed: random() < 0.92,
    has_2fa: random() < 0.6,
    who_can_share_contact_card: 'EVERYONE',
    updated: 1_500_000_000 + Math.floor(random() * 250_000_000),
    about: words.join(' '),
    skills,
    memberships,
    profile: {
      title: isBot ? '' : TITLES[zipf(random, TITLES.length)],
      phone: random() < 0.3 ? `+1 555 ${String(index % 10_000).padStart(4, '0')}` : '',
      real_name: isBot ? '' : `${first} ${last}`,
      display_name: isBot ? `bot-${index}` : first,
      email: isBot ? undefined : `${handle}@example.com`,
      status_text: random() < 0.2 ? 'In a meeting' : '',
      locale: LOCALES[zipf(random, LOCALES.length)],
      image_72: `https://avatars.example.com/${id}/72.png`,
    },
  };
  if (random() < 0.05) delete data['tz_offset'];
  return { id, data };
}
