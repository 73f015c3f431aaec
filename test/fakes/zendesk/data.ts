/**
 * A deterministic Zendesk Support account: brands, groups (one deleted), organizations, agents,
 * admins and end users, ticket fields, views, macros, tickets with comment threads and
 * attachments, and satisfaction ratings of solved tickets. Shapes follow the examples of Zendesk's
 * OpenAPI document, including real-world nulls it does not declare (`custom_fields[].value`,
 * user `alias`, `details`, `notes`, `phone`).
 */
import { DAY_MS, SEED_NOW_MS, isoSeconds } from '../shared/clock.js';
import { COMPANIES, SENTENCES, TIMEZONES, makePeople, sentence } from '../shared/people.js';
import { createRandom, type Random } from '../shared/random.js';
import type { Json, ZendeskData, ZdFile } from './types.js';

export interface ZendeskDataOptions {
  /** Origin every record `url` names (the account, https://acme.zendesk.com). */
  origin: string;
  /** Origin of attachment `content_url`s (the attachment host, or the fake's own origin). */
  contentOrigin: string;
  tickets?: number;
  endUsers?: number;
  organizations?: number;
  seed?: number;
}

export const TICKET_SUBJECTS = [
  'Printer on fire in the 3rd floor office',
  'Cannot log in after password reset',
  'Invoice shows the wrong VAT number',
  'Export to CSV drops the last row',
  'Refund for duplicate charge',
  'SSO login loops back to the sign-in page',
  'Mobile app crashes when uploading a photo',
  'How do I add a second admin?',
  'Webhook deliveries failing with 410',
  'Request to delete my account (GDPR)',
  'Shipment arrived damaged',
  'API rate limit lower than our plan says',
] as const;

const STATUSES = ['new', 'open', 'open', 'pending', 'hold', 'solved', 'solved', 'closed'] as const;
const PRIORITIES = [null, 'low', 'normal', 'normal', 'high', 'urgent'] as const;
const TYPES = [null, 'question', 'incident', 'problem', 'task'] as const;
const CHANNELS = ['email', 'web', 'api', 'mobile', 'chat'] as const;
const FILES = [
  { name: 'crash.log', type: 'text/plain', min: 800, max: 6_000 },
  { name: 'screenshot.png', type: 'image/png', min: 20_000, max: 90_000 },
  { name: 'invoice-2024-05.pdf', type: 'application/pdf', min: 30_000, max: 300_000 },
  { name: 'Relatório de erros – maio.pdf', type: 'application/pdf', min: 5_000, max: 40_000 },
] as const;

export function buildZendeskData(options: ZendeskDataOptions): ZendeskData {
  const rng = createRandom(options.seed ?? 0x2e9d);
  const o = options.origin;
  const data: ZendeskData = {
    users: [],
    organizations: [],
    groups: [],
    tickets: [],
    comments: new Map(),
    attachments: new Map(),
    files: new Map(),
    ticketFields: [],
    brands: [],
    views: [],
    macros: [],
    satisfactionRatings: [],
  };
  const at = (daysAgo: number) => isoSeconds(SEED_NOW_MS - Math.round(daysAgo * DAY_MS));

  data.brands = ['Acme', 'Acme Labs'].map((name, i) => ({
    id: 360_000_100 + i,
    url: `${o}/api/v2/brands/${360_000_100 + i}.json`,
    name,
    brand_url: `https://${i === 0 ? 'acme' : 'acmelabs'}.zendesk.com`,
    subdomain: i === 0 ? 'acme' : 'acmelabs',
    host_mapping: i === 0 ? 'support.acme.example' : null,
    active: true,
    default: i === 0,
    is_deleted: false,
    has_help_center: i === 0,
    help_center_state: i === 0 ? 'enabled' : 'disabled',
    signature_template: '{{agent.signature}}',
    ticket_form_ids: [360_000_900],
    logo: null,
    created_at: at(900 - i * 100),
    updated_at: at(30 + i),
  }));

  const groupNames = ['Support', 'Billing', 'Escalations', 'Legacy Tier 1'];
  data.groups = groupNames.map((name, i) => ({
    id: 360_001_200 + i * 7,
    url: `${o}/api/v2/groups/${360_001_200 + i * 7}.json`,
    name,
    description: i === 2 ? 'Tickets that need an engineer' : '',
    default: i === 0,
    deleted: name.startsWith('Legacy'),
    is_public: true,
    created_at: at(800 - i * 50),
    updated_at: at(60 - i * 10),
  }));
  const liveGroups = data.groups.filter((g) => !g.deleted);

  const orgCount = Math.max(1, options.organizations ?? 12);
  for (let i = 0; i < orgCount; i++) {
    const company = i < COMPANIES.length ? COMPANIES[i]! : `${COMPANIES[i % COMPANIES.length]} ${Math.floor(i / COMPANIES.length) + 1}`;
    const domain = `${company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
    data.organizations.push({
      id: 360_010_000 + i * 13,
      url: `${o}/api/v2/organizations/${360_010_000 + i * 13}.json`,
      name: company,
      shared_tickets: rng.chance(0.3),
      shared_comments: false,
      external_id: rng.chance(0.5) ? `crm-${1000 + i}` : null,
      created_at: at(700 - i * 11),
      updated_at: at(rng.int(1, 90)),
      domain_names: [domain],
      details: rng.chance(0.5) ? `Customer since ${2018 + (i % 6)}` : null,
      notes: null,
      group_id: rng.chance(0.3) ? rng.pick(liveGroups).id : null,
      tags: rng.sample(['enterprise', 'smb', 'trial', 'vip', 'emea', 'apac'], rng.int(0, 2)),
      organization_fields: { account_tier: rng.pick(['gold', 'silver', 'bronze']), renewal_date: null },
    });
  }

  const staff = makePeople(rng, 10);
  const endPeople = makePeople(createRandom(0x5e11), Math.max(3, options.endUsers ?? 60));
  let userId = 360_100_000;
  const user = (p: { first: string; last: string; full: string; handle: string }, role: string, i: number, org: Json | null): Json => {
    userId += rng.int(1, 40);
    const tz = rng.pick(TIMEZONES);
    return {
      id: userId,
      url: `${o}/api/v2/users/${userId}.json`,
      name: p.full,
      email: `${p.handle}@${org ? (org.domain_names as string[])[0] : role === 'end-user' ? 'mail.example' : 'acme.example'}`,
      created_at: at(650 - i * 3),
      updated_at: at(rng.int(0, 120)),
      time_zone: tz.label.replace(/ (Daylight|Standard|Summer) Time$/, ''),
      iana_time_zone: tz.tz,
      phone: rng.chance(0.3) ? `+1 555 01${String(rng.int(0, 99)).padStart(2, '0')}` : null,
      shared_phone_number: null,
      photo: null,
      locale_id: 1,
      locale: 'en-US',
      organization_id: org ? org.id : null,
      role,
      verified: rng.chance(0.9),
      external_id: null,
      tags: [],
      alias: null,
      active: true,
      shared: false,
      shared_agent: false,
      last_login_at: role === 'end-user' && rng.chance(0.6) ? null : at(rng.int(0, 20)),
      two_factor_auth_enabled: role === 'end-user' ? null : rng.chance(0.7),
      signature: role === 'end-user' ? null : `${p.first}\nAcme Support`,
      details: null,
      notes: null,
      role_type: role === 'end-user' ? null : role === 'admin' ? null : rng.chance(0.3) ? 0 : null,
      custom_role_id: role === 'agent' && rng.chance(0.5) ? 360_000_420 : null,
      moderator: role !== 'end-user',
      ticket_restriction: role === 'end-user' ? 'requested' : null,
      only_private_comments: false,
      restricted_agent: false,
      suspended: false,
      default_group_id: role === 'end-user' ? null : rng.pick(liveGroups).id,
      report_csv: role === 'admin',
      user_fields: { plan: role === 'end-user' ? rng.pick(['free', 'pro', 'enterprise']) : null },
    };
  };
  staff.forEach((p, i) => data.users.push(user(p, i < 2 ? 'admin' : 'agent', i, null)));
  endPeople.forEach((p, i) => {
    const org = rng.chance(0.7) ? rng.pick(data.organizations) : null;
    data.users.push(user(p, 'end-user', i + 10, org));
  });
  // One suspended end user, as every older account has.
  data.users.at(-1)!.suspended = true;
  const agents = data.users.filter((u) => u.role !== 'end-user');
  const endUsers = data.users.filter((u) => u.role === 'end-user');

  data.ticketFields = buildTicketFields(o, at);
  data.views = buildViews(o, at, liveGroups);
  data.macros = buildMacros(o, at, liveGroups);

  const ticketCount = Math.max(1, options.tickets ?? 80);
  let ticketId = 1000;
  let commentId = 39_000_000_000;
  let attachmentId = 14_000_000_000;
  let auditId = 41_000_000_000;
  for (let i = 0; i < ticketCount; i++) {
    ticketId += rng.int(1, 3);
    const requester = rng.pick(endUsers);
    const createdMs = SEED_NOW_MS - Math.round((ticketCount - i) * 0.9 * DAY_MS) - rng.int(0, 3_600_000);
    const status = rng.pick(STATUSES);
    const assignee = status === 'new' ? null : rng.pick(agents);
    const comments: Json[] = [];
    const commentCount = i % 9 === 0 ? 7 : rng.int(1, 4);
    let lastMs = createdMs;
    for (let c = 0; c < commentCount; c++) {
      lastMs += rng.int(600_000, 2 * DAY_MS);
      const fromRequester = c === 0 || rng.chance(0.4);
      const author = fromRequester ? requester : (assignee ?? rng.pick(agents));
      const text = c === 0 ? `${rng.pick(SENTENCES)} ${sentence(rng)}` : sentence(rng);
      commentId += rng.int(1, 500);
      auditId += rng.int(1, 500);
      const attachments: Json[] = [];
      if (rng.chance(c === 0 ? 0.5 : 0.15)) {
        const spec = rng.pick(FILES);
        attachmentId += rng.int(1, 90);
        const token = rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 25);
        const file: ZdFile = {
          attachmentId,
          fileName: spec.name,
          contentType: spec.type,
          size: rng.int(spec.min, spec.max),
          token,
          signature: rng.hex(40),
        };
        const attachment: Json = {
          id: attachmentId,
          url: `${o}/api/v2/attachments/${attachmentId}.json`,
          file_name: spec.name,
          content_url: `${options.contentOrigin}/attachments/token/${token}/?name=${encodeURIComponent(spec.name)}`,
          mapped_content_url: `${options.contentOrigin}/attachments/token/${token}/?name=${encodeURIComponent(spec.name)}`,
          content_type: spec.type,
          size: file.size,
          width: spec.type === 'image/png' ? 1280 : null,
          height: spec.type === 'image/png' ? 800 : null,
          inline: false,
          deleted: false,
          malware_access_override: false,
          malware_scan_result: 'malware_not_found',
          thumbnails: [],
        };
        data.files.set(token, file);
        data.attachments.set(attachmentId, attachment);
        attachments.push(attachment);
      }
      comments.push({
        id: commentId,
        type: 'Comment',
        author_id: author.id,
        body: text,
        html_body: `<div class="zd-comment" dir="auto"><p>${escapeHtml(text)}</p></div>`,
        plain_body: text,
        public: fromRequester || rng.chance(0.7),
        attachments,
        audit_id: auditId,
        via: { channel: c === 0 ? rng.pick(CHANNELS) : 'web', source: { from: {}, to: {}, rel: null } },
        created_at: isoSeconds(lastMs),
        metadata: { system: { client: 'Mozilla/5.0', ip_address: '203.0.113.7', location: 'Lisbon, 14, Portugal' }, custom: {} },
      });
    }
    const updatedMs = Math.min(lastMs, SEED_NOW_MS - 60_000);
    const subject = `${TICKET_SUBJECTS[i % TICKET_SUBJECTS.length]}${i >= TICKET_SUBJECTS.length ? ` (#${Math.floor(i / TICKET_SUBJECTS.length) + 1})` : ''}`;
    const group = assignee
      ? ((assignee.default_group_id as number | null) ?? liveGroups[0]!.id)
      : rng.chance(0.5)
        ? rng.pick(liveGroups).id
        : null;
    const ticket: Json = {
      url: `${o}/api/v2/tickets/${ticketId}.json`,
      id: ticketId,
      external_id: rng.chance(0.15) ? `ext-${ticketId}` : null,
      via: comments[0]!.via,
      created_at: isoSeconds(createdMs),
      updated_at: isoSeconds(updatedMs),
      generated_timestamp: Math.floor(updatedMs / 1000),
      type: rng.pick(TYPES),
      subject,
      raw_subject: subject,
      description: comments[0]!.body,
      priority: rng.pick(PRIORITIES),
      status,
      custom_status_id: 360_000_000 + STATUSES.indexOf(status),
      recipient: rng.chance(0.6) ? 'support@acme.example' : null,
      requester_id: requester.id,
      submitter_id: requester.id,
      assignee_id: assignee ? assignee.id : null,
      organization_id: requester.organization_id,
      group_id: group,
      collaborator_ids: [],
      follower_ids: [],
      email_cc_ids: [],
      forum_topic_id: null,
      problem_id: null,
      has_incidents: false,
      is_public: comments.some((c) => c.public),
      due_at: null,
      tags: rng.sample(['billing', 'login', 'bug', 'refund', 'vip', 'mobile', 'api'], rng.int(0, 3)),
      // Zendesk sends every field of the ticket's form, unset ones with a null value.
      custom_fields: [
        { id: 360_005_001, value: rng.chance(0.5) ? rng.pick(['web', 'ios', 'android']) : null },
        { id: 360_005_002, value: rng.chance(0.4) ? String(rng.int(1, 5)) : null },
      ],
      satisfaction_rating: null,
      sharing_agreement_ids: [],
      ticket_form_id: 360_000_900,
      brand_id: data.brands[i % 7 === 0 ? 1 : 0]!.id,
      allow_channelback: false,
      allow_attachments: true,
      from_messaging_channel: false,
    };
    data.tickets.push(ticket);
    data.comments.set(ticketId, comments);
    if ((status === 'solved' || status === 'closed') && rng.chance(0.6) && assignee) {
      const score = rng.pick(['good', 'good', 'bad', 'offered']);
      const rating: Json = {
        id: 360_200_000 + data.satisfactionRatings.length * 17,
        url: `${o}/api/v2/satisfaction_ratings/${360_200_000 + data.satisfactionRatings.length * 17}.json`,
        assignee_id: assignee.id,
        group_id: group,
        requester_id: requester.id,
        ticket_id: ticketId,
        score,
        comment: score === 'offered' ? null : score === 'good' ? 'Quick and friendly, thanks!' : 'Took three days to get an answer.',
        reason: score === 'bad' ? 'The issue took too long to resolve' : null,
        reason_id: score === 'bad' ? 1001 : null,
        created_at: isoSeconds(updatedMs),
        updated_at: isoSeconds(updatedMs),
      };
      data.satisfactionRatings.push(rating);
      ticket.satisfaction_rating = { id: rating.id, score, comment: rating.comment };
    }
  }
  return data;
}

function buildTicketFields(o: string, at: (d: number) => string): Json[] {
  const field = (id: number, type: string, title: string, extra: Json = {}): Json => ({
    url: `${o}/api/v2/ticket_fields/${id}.json`,
    id,
    type,
    title,
    raw_title: title,
    description: `${title} of the ticket`,
    raw_description: `${title} of the ticket`,
    position: id % 100,
    active: true,
    required: false,
    collapsed_for_agents: false,
    regexp_for_validation: null,
    title_in_portal: title,
    raw_title_in_portal: title,
    visible_in_portal: type !== 'tagger',
    editable_in_portal: type === 'subject' || type === 'description',
    required_in_portal: type === 'subject' || type === 'description',
    tag: null,
    removable: id >= 360_005_000,
    agent_description: null,
    created_at: at(900),
    updated_at: at(100),
    ...extra,
  });
  return [
    field(360_000_001, 'subject', 'Subject'),
    field(360_000_002, 'description', 'Description'),
    field(360_000_003, 'status', 'Status', {
      system_field_options: ['new', 'open', 'pending', 'hold', 'solved'].map((v) => ({ name: v[0]!.toUpperCase() + v.slice(1), value: v })),
    }),
    field(360_000_004, 'tickettype', 'Type'),
    field(360_000_005, 'priority', 'Priority'),
    field(360_000_006, 'group', 'Group'),
    field(360_000_007, 'assignee', 'Assignee'),
    field(360_005_001, 'tagger', 'Platform', {
      custom_field_options: ['web', 'ios', 'android'].map((v, i) => ({
        id: 360_006_000 + i,
        name: v,
        raw_name: v,
        value: v,
        default: false,
      })),
    }),
    field(360_005_002, 'integer', 'Severity (1-5)', { regexp_for_validation: '\\A[1-5]\\z' }),
    field(360_005_003, 'checkbox', 'Escalated to engineering', { active: false, tag: 'escalated' }),
  ];
}

function buildViews(o: string, at: (d: number) => string, groups: Json[]): Json[] {
  const titles = [
    'Your unsolved tickets',
    'Unassigned tickets',
    'All unsolved tickets',
    'Recently solved tickets',
    'Pending tickets',
    'Billing queue',
  ];
  return titles.map((title, i) => ({
    url: `${o}/api/v2/views/${360_030_000 + i * 3}.json`,
    id: 360_030_000 + i * 3,
    title,
    description: null,
    active: i !== 4,
    default: i < 4,
    position: i,
    restriction: i === 5 ? { type: 'Group', id: groups[1]!.id, ids: [groups[1]!.id] } : null,
    execution: { group_by: 'status', group_order: 'asc', sort_by: 'nice_id', sort_order: 'desc', columns: [] },
    conditions: { all: [{ field: 'status', operator: 'less_than', value: 'solved' }], any: [] },
    created_at: at(500 - i * 20),
    updated_at: at(40 - i),
  }));
}

function buildMacros(o: string, at: (d: number) => string, groups: Json[]): Json[] {
  const macros: Array<[string, Json[]]> = [
    ['Close and redirect to topics', [{ field: 'status', value: 'solved' }]],
    ['Downgrade and inform', [{ field: 'priority', value: 'low' }]],
    ['Take it!', [{ field: 'assignee_id', value: 'current_user' }]],
    ['Billing::Refund issued', [{ field: 'comment_value', value: 'We issued the refund; it shows in 5-10 days.' }]],
    ['Customer not responding', [{ field: 'status', value: 'pending' }]],
  ];
  return macros.map(([title, actions], i) => ({
    url: `${o}/api/v2/macros/${360_040_000 + i * 5}.json`,
    id: 360_040_000 + i * 5,
    title,
    raw_title: title,
    description: null,
    active: i !== 4,
    default: i < 3,
    position: 10_000 + i,
    restriction: i === 3 ? { type: 'Group', id: groups[1]!.id, ids: [groups[1]!.id] } : null,
    actions,
    created_at: at(400 - i * 10),
    updated_at: at(20 - i),
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export type { Random };
