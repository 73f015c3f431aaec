/**
 * A seeded Intercom workspace: admins in teams, tags, segments, companies (some without contacts,
 * which the company list leaves out), contacts (users and leads) and conversations between them,
 * in the shapes Intercom 2.11 returns. Deterministic: the same options give the same records.
 */
import { SEED_NOW_MS, DAY_MS } from '../shared/clock.js';
import { CITIES, COMPANIES, SENTENCES, makePeople, slugify } from '../shared/people.js';
import { createRandom, type Random } from '../shared/random.js';
import type { IntercomData, Json } from './types.js';

export interface BuildOptions {
  contacts?: number;
  conversations?: number;
  companies?: number;
}

const WORKSPACE_ID = 'ecahpwf5';
const NOW_S = Math.floor(SEED_NOW_MS / 1000);
const DAY_S = DAY_MS / 1000;

/** 24 hex characters, like Intercom's contact, company and segment ids. */
const objectId = (rng: Random) => rng.hex(24);

/** `{ type: 'list', data, url, total_count, has_more }`, how a contact embeds tags, notes and companies. */
function listObject(data: Json[], url: string): Json {
  return { type: 'list', data, url, total_count: data.length, has_more: false };
}

export function buildIntercomData(options: BuildOptions = {}): IntercomData {
  const rng = createRandom('intercom');
  const contactCount = options.contacts ?? 60;
  const conversationCount = options.conversations ?? Math.ceil(contactCount * 0.75);
  const companyCount = options.companies ?? 24;

  // Admins (teammates) and the teams they belong to.
  const adminPeople = makePeople(rng, 8);
  const admins: Json[] = adminPeople.map((p, i) => ({
    type: 'admin',
    id: String(991267390 + i * 7),
    name: p.full,
    email: `${p.handle}@northwind.example`,
    job_title: i === 0 ? 'Head of Support' : rng.pick(['Support Engineer', 'Customer Success Manager', 'Support Specialist']),
    away_mode_enabled: i === 5,
    away_mode_reassign: i === 5,
    has_inbox_seat: i !== 7,
    team_ids: [] as number[],
    avatar: {
      type: 'avatar',
      image_url: i % 3 === 0 ? null : `https://static.intercomassets.com/avatars/${991267390 + i * 7}/square_128/${p.handle}.png`,
    },
    email_verified: i !== 6,
  }));
  const teamNames = ['Tier 1 Support', 'Billing', 'Enterprise Success'];
  const teams: Json[] = teamNames.map((name, i) => {
    const members = admins.slice(i * 2, i * 2 + 3);
    for (const admin of members) (admin['team_ids'] as number[]).push(5017690 + i);
    return {
      type: 'team',
      id: String(5017690 + i),
      name,
      admin_ids: members.map((a) => Number(a['id'])),
      admin_priority_level: { primary_admin_ids: members.slice(0, 1).map((a) => Number(a['id'])), secondary_admin_ids: null },
    };
  });

  const tags: Json[] = ['VIP', 'Churn risk', 'Beta tester', 'Enterprise', 'Billing issue', 'Feature request'].map((name, i) => ({
    type: 'tag',
    id: String(115 + i * 3),
    name,
  }));

  const segments: Json[] = [
    ['Active users', 'user'],
    ['New leads this month', 'lead'],
    ['Everyone in EMEA', 'contact'],
    ['Trial accounts', 'user'],
  ].map(([name, personType], i) => ({
    type: 'segment',
    id: objectId(rng),
    name,
    created_at: NOW_S - (400 - i * 30) * DAY_S,
    updated_at: NOW_S - (20 - i) * DAY_S,
    person_type: personType,
  }));

  const companies: Json[] = Array.from({ length: companyCount }, (_, i) => {
    const name = i < COMPANIES.length ? COMPANIES[i]! : `${rng.pick(COMPANIES)} ${i}`;
    const created = NOW_S - rng.int(30, 700) * DAY_S;
    const companyTags = rng.sample(tags, rng.int(0, 2));
    return {
      type: 'company',
      id: objectId(rng),
      name,
      app_id: WORKSPACE_ID,
      company_id: `cmp-${1000 + i}`,
      remote_created_at: created,
      created_at: created + 60,
      updated_at: created + rng.int(1, 29) * DAY_S,
      last_request_at: NOW_S - rng.int(0, 20) * DAY_S,
      monthly_spend: rng.pick([0, 49, 99, 249.5, 1200]),
      session_count: rng.int(0, 400),
      user_count: 0,
      size: rng.pick([5, 25, 120, 800, null]),
      website: `https://www.${slugify(name)}.example`,
      industry: rng.pick(['Software', 'Logistics', 'Healthcare', 'Retail', null]),
      tags: { type: 'tag.list', tags: companyTags.map((t) => ({ type: 'tag', id: t['id'], name: t['name'] })) },
      segments: { type: 'segment.list', segments: [] },
      plan: i % 4 === 0 ? {} : { type: 'plan', id: String(269 + (i % 3)), name: rng.pick(['Starter', 'Pro', 'Enterprise']) },
      custom_attributes: { region: rng.pick(['NA', 'EMEA', 'APAC']), seats: rng.int(1, 500) },
    };
  });

  const people = makePeople(rng, contactCount);
  const contacts: Json[] = people.map((p, i) => {
    const created = NOW_S - (contactCount - i) * 5 * 3600 - rng.int(0, 3000);
    const id = objectId(rng);
    const role = i % 5 === 4 ? 'lead' : 'user';
    const city = rng.pick(CITIES);
    const contactTags = rng.sample(tags, rng.int(0, 2));
    // Companies at index ≡ 2 (mod 3) never get a contact, so the company list leaves them out.
    const candidate = i % 3 === 0 ? undefined : companies[(i * 7) % companyCount];
    const company = candidate && companies.indexOf(candidate) % 3 !== 2 ? candidate : undefined;
    if (company) company['user_count'] = (company['user_count'] as number) + 1;
    const withCompany = company ? [company] : [];
    const mobile = rng.chance(0.3);
    const seen = rng.chance(0.85) ? NOW_S - rng.int(0, 30) * DAY_S : null;
    return {
      type: 'contact',
      id,
      workspace_id: WORKSPACE_ID,
      external_id: role === 'user' ? String(70 + i) : null,
      role,
      email: role === 'lead' && i % 10 === 9 ? null : `${p.handle}@${company ? slugify(company['name'] as string) : 'mail'}.example`,
      phone: rng.chance(0.4) ? `+1 555 01${String(i).padStart(2, '0')}` : null,
      name: role === 'lead' && i % 10 === 9 ? null : p.full,
      avatar: rng.chance(0.3) ? `https://static.intercomassets.com/avatars/${id}.png` : null,
      owner_id: rng.chance(0.5) ? Number(rng.pick(admins)['id']) : null,
      social_profiles: { type: 'list', data: [] },
      has_hard_bounced: i % 17 === 3,
      marked_email_as_spam: false,
      unsubscribed_from_emails: i % 11 === 2,
      created_at: created,
      updated_at: created + rng.int(0, 20) * DAY_S,
      signed_up_at: role === 'user' ? created : null,
      last_seen_at: seen,
      last_replied_at: seen && rng.chance(0.5) ? seen - 3600 : null,
      last_contacted_at: rng.chance(0.5) ? NOW_S - rng.int(1, 40) * DAY_S : null,
      last_email_opened_at: rng.chance(0.4) ? NOW_S - rng.int(1, 40) * DAY_S : null,
      last_email_clicked_at: null,
      language_override: i % 13 === 1 ? 'fr' : null,
      browser: seen ? rng.pick(['chrome', 'firefox', 'safari']) : null,
      browser_version: seen ? rng.pick(['125.0.6422.112', '126.0', '17.5']) : null,
      browser_language: seen ? rng.pick(['en-US', 'de-DE', 'pt-PT']) : null,
      os: seen ? rng.pick(['OS X 14.5', 'Windows 11', 'Linux']) : null,
      location: {
        type: 'location',
        country: city.country,
        region: city.region,
        city: city.city,
        country_code: null,
        continent_code: null,
      },
      android_app_name: null,
      android_app_version: null,
      android_device: null,
      android_os_version: null,
      android_sdk_version: null,
      android_last_seen_at: null,
      ios_app_name: mobile ? 'Northwind' : null,
      ios_app_version: mobile ? '4.12.0' : null,
      ios_device: mobile ? 'iPhone15,2' : null,
      ios_os_version: mobile ? '17.5.1' : null,
      ios_sdk_version: mobile ? '17.1.2' : null,
      ios_last_seen_at: mobile ? NOW_S - rng.int(0, 10) * DAY_S : null,
      custom_attributes: { plan: rng.pick(['free', 'pro', 'enterprise']), seats: rng.int(1, 50) },
      tags: listObject(
        contactTags.map((t) => ({ type: 'tag', id: t['id'], url: `/tags/${String(t['id'])}` })),
        `/contacts/${id}/tags`,
      ),
      notes: listObject([], `/contacts/${id}/notes`),
      companies: listObject(
        withCompany.map((c) => ({ type: 'company', id: c['id'], url: `/companies/${String(c['id'])}` })),
        `/contacts/${id}/companies`,
      ),
      opted_out_subscription_types: listObject([], `/contacts/${id}/subscriptions`),
      opted_in_subscription_types: listObject([], `/contacts/${id}/subscriptions`),
      utm_campaign: i % 7 === 0 ? 'spring-launch' : null,
      utm_content: null,
      utm_medium: i % 7 === 0 ? 'email' : null,
      utm_source: i % 7 === 0 ? 'newsletter' : null,
      utm_term: null,
      referrer: i % 7 === 0 ? 'https://www.northwind.example/pricing' : null,
      sms_consent: false,
      unsubscribed_from_sms: false,
    };
  });
  const segmentCounts = new Map(segments.map((segment, i) => [String(segment['id']), Math.max(0, contacts.length - i * 7)]));

  const conversationParts = new Map<string, Json[]>();
  const conversations: Json[] = Array.from({ length: conversationCount }, (_, i) => {
    const contact = contacts[(i * 5) % contacts.length]!;
    const admin = admins[i % admins.length]!;
    const team = teams[i % teams.length]!;
    const created = NOW_S - (conversationCount - i) * 3 * 3600;
    const state = rng.pick(['open', 'closed', 'closed', 'snoozed']);
    const id = String(335 + i * 2);
    const fromAdmin = i % 4 === 0;
    const parts: Json[] = Array.from({ length: rng.int(1, 4) }, (_, k) => ({
      type: 'conversation_part',
      id: String(140000000 + i * 10 + k),
      part_type: k % 2 === 0 ? 'comment' : 'assignment',
      body: k % 2 === 0 ? `<p>${rng.pick(SENTENCES)}</p>` : null,
      created_at: created + (k + 1) * 600,
      updated_at: created + (k + 1) * 600,
      notified_at: created + (k + 1) * 600,
      assigned_to: k % 2 === 1 ? { type: 'admin', id: admin['id'] } : null,
      author: { type: 'admin', id: admin['id'], name: admin['name'], email: admin['email'] },
      attachments: [],
      external_id: null,
      redacted: false,
    }));
    conversationParts.set(id, parts);
    const tagged = rng.sample(tags, rng.int(0, 1));
    return {
      type: 'conversation',
      id,
      title: i % 6 === 0 ? rng.pick(['Refund request', 'Cannot log in', 'Export is missing rows']) : null,
      created_at: created,
      updated_at: created + parts.length * 600,
      waiting_since: state === 'open' ? created + 60 : null,
      snoozed_until: state === 'snoozed' ? NOW_S + 2 * DAY_S : null,
      source: {
        type: 'conversation',
        id: String(403918241 + i),
        delivered_as: fromAdmin ? 'admin_initiated' : 'customer_initiated',
        subject: '',
        body: `<p>${rng.pick(SENTENCES)}</p>`,
        author: fromAdmin
          ? { type: 'admin', id: admin['id'], name: admin['name'], email: admin['email'] }
          : { type: 'user', id: contact['id'], name: contact['name'], email: contact['email'] },
        attachments: [],
        url: null,
        redacted: false,
      },
      contacts: { type: 'contact.list', contacts: [{ type: 'contact', id: contact['id'], external_id: contact['external_id'] }] },
      first_contact_reply: fromAdmin ? null : { created_at: created, type: 'conversation', url: null },
      admin_assignee_id: i % 5 === 3 ? null : Number(admin['id']),
      team_assignee_id: i % 5 === 3 ? null : Number(team['id']),
      open: state === 'open',
      state,
      read: i % 3 !== 0,
      tags: {
        type: 'tag.list',
        tags: tagged.map((t) => ({
          type: 'tag',
          id: t['id'],
          name: t['name'],
          applied_at: created + 300,
          applied_by: { type: 'admin', id: admin['id'] },
        })),
      },
      priority: i % 7 === 0 ? 'priority' : 'not_priority',
      sla_applied: null,
      statistics: {
        type: 'conversation_statistics',
        time_to_assignment: 0,
        time_to_admin_reply: 540 + i,
        first_contact_reply_at: fromAdmin ? null : created,
        count_reopens: i % 9 === 0 ? 1 : 0,
        count_conversation_parts: parts.length,
      },
      conversation_rating:
        state === 'closed' && i % 4 === 1 ? { rating: rng.int(3, 5), remark: null, created_at: created + 3 * 3600 } : null,
      teammates: { type: 'admin.list', admins: [{ type: 'admin', id: admin['id'] }] },
      custom_attributes: { Channel: rng.pick(['Chat', 'Email']) },
      topics: {},
      ticket: null,
      linked_objects: { type: 'list', data: [], total_count: 0, has_more: false },
      ai_agent: null,
      ai_agent_participated: false,
    };
  });

  return {
    admins,
    teams,
    tags,
    segments,
    companies,
    contacts,
    conversations,
    conversationParts,
    segmentCounts,
  };
}
