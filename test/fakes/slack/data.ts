/**
 * Deterministic Slack workspace: users (with Slackbot, a token bot, an integration bot, a deleted
 * user and guests), channels (public, private, one legacy `G…` private channel, one archived, one
 * the bot is not in), a couple of IMs and an MPIM, and message histories with threads, bot
 * messages, files, edits, reactions and topic changes.
 */
import { DAY_MS, SEED_NOW_MS } from '../shared/clock.js';
import { JOB_TITLES, TIMEZONES, makePeople, sentence, type Person } from '../shared/people.js';
import { createRandom, type Random } from '../shared/random.js';
import type { SlackChannel, SlackData, SlackMessage, SlackProfile, SlackUser, TopicOrPurpose } from './types.js';

export interface SlackDataOptions {
  users?: number;
  channels?: number;
  messagesPerChannel?: number;
  seed?: number;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// prettier-ignore
const CHANNEL_NAMES = [
  'general', 'random', 'engineering', 'eng-backend', 'design', 'product', 'support', 'incidents', 'deploys', 'sales',
  'marketing', 'announcements', 'data-platform', 'hiring', 'ops-alerts', 'customer-feedback', 'security', 'releases',
];

const PURPOSES: Record<string, string> = {
  general: 'This is the one channel that will always include everyone. It’s a great place for announcements and team-wide conversations.',
  random: 'A place for non-work banter, links, articles of interest, humor or anything else which you’d like concentrated in some place',
  incidents: 'Active incidents only. Start a thread per incident; post the status page link.',
  deploys: 'Automated deploy notifications from CI.',
};

export function buildSlackData(options: SlackDataOptions = {}): SlackData {
  const rng = createRandom(options.seed ?? 0x51ac);
  const ids = new IdMaker(rng);
  const team = { id: ids.make('T'), name: 'Acme Engineering', domain: 'acme-eng' };
  const users = buildUsers(rng, ids, team.id, Math.max(4, options.users ?? 25));
  const bot = {
    userId: users.find((u) => u.name === 'switchyard')!.id,
    botId: users.find((u) => u.name === 'switchyard')!.profile.bot_id!,
    appId: users.find((u) => u.name === 'switchyard')!.profile.api_app_id!,
    name: 'switchyard',
  };
  const data: SlackData = { team, bot, users, channels: [], messages: new Map(), replies: new Map(), members: new Map() };
  buildChannels(rng, ids, data, Math.max(1, options.channels ?? 12));
  const perChannel = Math.max(0, options.messagesPerChannel ?? 30);
  for (const channel of data.channels) {
    buildHistory(rng, ids, data, channel, channel.is_im || channel.is_mpim ? Math.min(perChannel, 8) : perChannel);
  }
  users.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return data;
}

/** Slack ids: a type letter, then upper-case alphanumerics (`U05R3KQ8ZPN`, `C06A1B2C3D4`). */
export class IdMaker {
  readonly #seen = new Set<string>();
  constructor(private readonly rng: Random) {}
  make(prefix: string, length = 9): string {
    for (;;) {
      const id = `${prefix}0${this.rng.chars(ID_ALPHABET, length)}`;
      if (!this.#seen.has(id)) {
        this.#seen.add(id);
        return id;
      }
    }
  }
}

function buildUsers(rng: Random, ids: IdMaker, teamId: string, count: number): SlackUser[] {
  const people = makePeople(rng, count);
  const users: SlackUser[] = [];
  const sec = (daysAgo: number) => Math.floor((SEED_NOW_MS - daysAgo * DAY_MS) / 1000);
  // Slot roles so small workspaces still have the special accounts connectors trip over.
  const deletedAt = count >= 8 ? count - 3 : -1;
  const guestAt = count >= 10 ? count - 4 : -1;
  const singleGuestAt = count >= 10 ? count - 5 : -1;
  for (let i = 0; i < count; i++) {
    if (i === 1) {
      users.push(slackbot(teamId));
      continue;
    }
    if (i === 2) {
      users.push(botUser(rng, ids, teamId, 'switchyard', 'Switchyard', sec(rng.int(10, 200))));
      continue;
    }
    if (i === 3) {
      users.push(botUser(rng, ids, teamId, 'github', 'GitHub', sec(rng.int(200, 600))));
      continue;
    }
    const person = people[i]!;
    const id = ids.make('U');
    if (i === deletedAt) {
      users.push(deletedUser(rng, id, teamId, person, sec(rng.int(30, 120))));
      continue;
    }
    const zone = rng.pick(TIMEZONES);
    const user: SlackUser = {
      id,
      team_id: teamId,
      name: person.handle,
      deleted: false,
      color: rng.hex(6),
      real_name: person.full,
      tz: zone.tz,
      tz_label: zone.label,
      tz_offset: zone.offset,
      profile: humanProfile(rng, teamId, person),
      is_admin: i === 0 || i === 4,
      is_owner: i === 0,
      is_primary_owner: i === 0,
      is_restricted: i === guestAt || i === singleGuestAt,
      is_ultra_restricted: i === singleGuestAt,
      is_bot: false,
      is_app_user: false,
      updated: sec(rng.int(0, 400)),
      is_email_confirmed: true,
      who_can_share_contact_card: 'EVERYONE',
    };
    users.push(user);
  }
  return users;
}

function images(
  base: string,
  hash: string,
): Pick<SlackProfile, 'image_24' | 'image_32' | 'image_48' | 'image_72' | 'image_192' | 'image_512'> {
  const at = (size: number) => `${base}${hash}_${size}.png`;
  return { image_24: at(24), image_32: at(32), image_48: at(48), image_72: at(72), image_192: at(192), image_512: at(512) };
}

function gravatar(hash: string): Pick<SlackProfile, 'image_24' | 'image_32' | 'image_48' | 'image_72' | 'image_192' | 'image_512'> {
  const at = (size: number) =>
    `https://secure.gravatar.com/avatar/${hash}.jpg?s=${size}&d=https%3A%2F%2Fa.slack-edge.com%2Fdf10d%2Fimg%2Favatars%2Fava_0017-${size}.png`;
  return { image_24: at(24), image_32: at(32), image_48: at(48), image_72: at(72), image_192: at(192), image_512: at(512) };
}

function humanProfile(rng: Random, teamId: string, person: Person): SlackProfile {
  const custom = rng.chance(0.6);
  const avatarHash = rng.hex(12);
  const pics = custom
    ? images(`https://avatars.slack-edge.com/2023-0${rng.int(1, 9)}-1${rng.int(0, 9)}/${rng.int(1e12, 9e12)}_`, avatarHash)
    : gravatar(rng.hex(32));
  const status = rng.chance(0.25)
    ? rng.pick([
        ':palm_tree:|On vacation',
        ':calendar:|In a meeting',
        ':house_with_garden:|Working remotely',
        ':face_with_thermometer:|Out sick',
      ])
    : '|';
  const [emoji, text] = status.split('|') as [string, string];
  const display = rng.chance(0.7) ? person.first.toLowerCase() : '';
  return {
    title: rng.pick(JOB_TITLES),
    phone: rng.chance(0.3) ? `+1 ${rng.int(200, 989)} ${rng.int(200, 989)} ${rng.int(1000, 9999)}` : '',
    skype: '',
    real_name: person.full,
    real_name_normalized: person.full.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    display_name: display,
    display_name_normalized: display,
    fields: rng.chance(0.3) ? { Xf01ABCD2EF: { value: rng.pick(['Platform', 'Growth', 'Payments', 'Infra']), alt: '' } } : null,
    status_text: text,
    status_emoji: emoji,
    status_emoji_display_info: [],
    status_expiration: 0,
    avatar_hash: avatarHash,
    ...(custom ? { is_custom_image: true, image_original: pics.image_512.replace('_512', '_original') } : {}),
    email: `${person.handle}@acme-eng.example.com`,
    first_name: person.first,
    last_name: person.last,
    ...pics,
    ...(custom ? { image_1024: pics.image_512.replace('_512', '_1024') } : {}),
    status_text_canonical: '',
    team: teamId,
    huddle_state: 'default_unset',
    huddle_state_expiration_ts: 0,
  };
}

/** Slackbot: id `USLACKBOT`, and famously `is_bot: false`. */
function slackbot(teamId: string): SlackUser {
  return {
    id: 'USLACKBOT',
    team_id: teamId,
    name: 'slackbot',
    deleted: false,
    color: '757575',
    real_name: 'Slackbot',
    tz: 'America/Los_Angeles',
    tz_label: 'Pacific Daylight Time',
    tz_offset: -25200,
    profile: {
      title: '',
      phone: '',
      skype: '',
      real_name: 'Slackbot',
      real_name_normalized: 'Slackbot',
      display_name: 'Slackbot',
      display_name_normalized: 'Slackbot',
      fields: null,
      status_text: '',
      status_emoji: '',
      status_emoji_display_info: [],
      status_expiration: 0,
      avatar_hash: 'sv41d8cd98f0',
      always_active: true,
      first_name: 'slackbot',
      last_name: '',
      ...images('https://a.slack-edge.com/80588/img/slackbot_', 'sv41d8cd98f0'),
      status_text_canonical: '',
      team: teamId,
    },
    is_admin: false,
    is_owner: false,
    is_primary_owner: false,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: false,
    is_app_user: false,
    updated: 0,
    is_email_confirmed: false,
    who_can_share_contact_card: 'EVERYONE',
  };
}

function botUser(rng: Random, ids: IdMaker, teamId: string, name: string, realName: string, updated: number): SlackUser {
  const hash = rng.hex(12);
  return {
    id: ids.make('U'),
    team_id: teamId,
    name,
    deleted: false,
    color: rng.hex(6),
    real_name: realName,
    tz: 'America/Los_Angeles',
    tz_label: 'Pacific Daylight Time',
    tz_offset: -25200,
    profile: {
      title: '',
      phone: '',
      skype: '',
      real_name: realName,
      real_name_normalized: realName,
      display_name: '',
      display_name_normalized: '',
      fields: null,
      status_text: '',
      status_emoji: '',
      status_emoji_display_info: [],
      status_expiration: 0,
      avatar_hash: hash,
      bot_id: ids.make('B'),
      api_app_id: ids.make('A'),
      always_active: true,
      first_name: realName,
      last_name: '',
      ...images(`https://avatars.slack-edge.com/2023-11-02/${rng.int(1e12, 9e12)}_`, hash),
      status_text_canonical: '',
      team: teamId,
    },
    is_admin: false,
    is_owner: false,
    is_primary_owner: false,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: true,
    is_app_user: false,
    updated,
    is_email_confirmed: false,
    who_can_share_contact_card: 'EVERYONE',
  };
}

/** Deactivated accounts come back with a thin record: no tz, no role flags, no top-level real_name. */
function deletedUser(rng: Random, id: string, teamId: string, person: Person, updated: number): SlackUser {
  const hash = rng.hex(32);
  return {
    id,
    team_id: teamId,
    name: person.handle,
    deleted: true,
    profile: {
      title: '',
      phone: '',
      skype: '',
      real_name: person.full,
      real_name_normalized: person.full.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      display_name: '',
      display_name_normalized: '',
      fields: null,
      status_text: '',
      status_emoji: '',
      status_emoji_display_info: [],
      status_expiration: 0,
      avatar_hash: rng.hex(12),
      first_name: person.first,
      last_name: person.last,
      ...gravatar(hash),
      status_text_canonical: '',
      team: teamId,
    },
    is_bot: false,
    is_app_user: false,
    updated,
  };
}

function topicOf(value: string, creator: string, lastSet: number): TopicOrPurpose {
  return { value, creator: value ? creator : '', last_set: value ? lastSet : 0 };
}

function buildChannels(rng: Random, ids: IdMaker, data: SlackData, count: number): void {
  const { team, bot } = data;
  const humans = data.users.filter((u) => !u.is_bot && !u.deleted && u.id !== 'USLACKBOT');
  const owner = humans[0]!;
  const createdBase = Math.floor((SEED_NOW_MS - 700 * DAY_MS) / 1000);
  const archivedAt = count >= 6 ? count - 2 : -1;
  const notMemberAt = count >= 6 ? count - 3 : -1;
  let legacyDone = false;
  for (let i = 0; i < count; i++) {
    const name = CHANNEL_NAMES[i] ?? `project-${CHANNEL_NAMES[i % CHANNEL_NAMES.length]}-${Math.floor(i / CHANNEL_NAMES.length)}`;
    const isPrivate = i % 4 === 3;
    // Private channels made before March 2021 keep a `G…` id and report is_group instead of is_channel.
    const legacy = isPrivate && !legacyDone;
    if (legacy) legacyDone = true;
    const created = createdBase + i * rng.int(3, 20) * 86400 + rng.int(0, 86399);
    const creator = i < 2 ? owner.id : rng.pick(humans).id;
    const members = new Set(
      i < 2 ? humans.map((u) => u.id).concat('USLACKBOT') : rng.sample(humans, rng.int(2, Math.max(2, humans.length))).map((u) => u.id),
    );
    const isMember = i !== notMemberAt;
    if (isMember) members.add(bot.userId);
    else members.delete(bot.userId);
    const topicValue =
      i % 3 === 0
        ? rng.pick(['Q2 goals: ship v2 API :rocket:', 'On-call: see PagerDuty schedule', 'Weekly sync Tue 10:00 PT', 'Keep it friendly'])
        : '';
    const purposeValue = PURPOSES[name] ?? (rng.chance(0.7) ? `Discussion about ${name.replace(/-/g, ' ')}` : '');
    const channel: SlackChannel = {
      id: ids.make(legacy ? 'G' : 'C'),
      name,
      is_channel: !legacy,
      is_group: legacy,
      is_im: false,
      is_mpim: false,
      is_private: isPrivate,
      created,
      is_archived: i === archivedAt,
      is_general: i === 0,
      unlinked: 0,
      name_normalized: name,
      is_shared: false,
      is_org_shared: false,
      is_pending_ext_shared: false,
      pending_shared: [],
      context_team_id: team.id,
      updated: Math.min(SEED_NOW_MS - DAY_MS, created * 1000 + rng.int(0, 999) + rng.int(0, 300) * DAY_MS),
      parent_conversation: null,
      creator,
      is_ext_shared: false,
      shared_team_ids: [team.id],
      pending_connected_team_ids: [],
      is_member: isMember,
      topic: topicOf(topicValue, creator, created + rng.int(100, 9_000_000)),
      purpose: topicOf(purposeValue, creator, created + 5),
      previous_names: i === 2 ? ['dev', 'eng'] : [],
      num_members: members.size,
    };
    data.channels.push(channel);
    data.members.set(channel.id, members);
  }
  // Direct messages are conversations too; conversations.list returns them only for types=im/mpim.
  for (const other of humans.slice(1, 3)) {
    const created = createdBase + rng.int(100, 600) * 86400;
    const im: SlackChannel = {
      id: ids.make('D'),
      created,
      is_archived: false,
      is_im: true,
      is_org_shared: false,
      context_team_id: team.id,
      updated: created * 1000 + rng.int(0, 999),
      user: other.id,
      is_user_deleted: false,
      priority: 0,
    };
    data.channels.push(im);
    data.members.set(im.id, new Set([bot.userId, other.id]));
  }
  if (humans.length >= 3) {
    const trio = humans.slice(0, 3);
    const name = `mpdm-${trio.map((u) => u.name).join('--')}-1`;
    const created = createdBase + rng.int(300, 650) * 86400;
    const mpim: SlackChannel = {
      id: ids.make('G'),
      name,
      is_channel: false,
      is_group: true,
      is_im: false,
      is_mpim: true,
      is_private: true,
      created,
      is_archived: false,
      is_general: false,
      unlinked: 0,
      name_normalized: name,
      is_shared: false,
      is_org_shared: false,
      is_pending_ext_shared: false,
      pending_shared: [],
      context_team_id: team.id,
      updated: created * 1000 + rng.int(0, 999),
      parent_conversation: null,
      creator: trio[0]!.id,
      is_ext_shared: false,
      shared_team_ids: [team.id],
      pending_connected_team_ids: [],
      is_member: true,
      topic: topicOf('', '', 0),
      purpose: topicOf(`Group messaging with: ${trio.map((u) => `@${u.name}`).join(' ')}`, trio[0]!.id, created),
      priority: 0,
    };
    data.channels.push(mpim);
    data.members.set(mpim.id, new Set([...trio.map((u) => u.id), bot.userId]));
  }
}

/** `1712345678.000200` from whole seconds and microseconds. */
export function formatTs(seconds: number, micros: number): string {
  return `${seconds}.${String(micros).padStart(6, '0')}`;
}

/** Micro-second integer of a Slack ts, exact (1.7e15 < 2^53) and comparable. */
export function tsMicros(ts: string): number {
  const dot = ts.indexOf('.');
  if (dot === -1) return Number(ts) * 1e6;
  const frac = ts.slice(dot + 1, dot + 7).padEnd(6, '0');
  return Number(ts.slice(0, dot)) * 1e6 + Number(frac);
}

export function richTextBlock(rng: Random | null, text: string): unknown {
  return {
    type: 'rich_text',
    block_id: rng ? rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=', 5) : blockIdFor(text),
    elements: [{ type: 'rich_text_section', elements: richTextElements(text) }],
  };
}

/** Mentions and links in mrkdwn become their own rich-text elements, as Slack clients send them. */
function richTextElements(text: string): unknown[] {
  const out: unknown[] = [];
  const pattern = /<@([UW][A-Z0-9]+)>|<(https?:[^|>]+)(?:\|([^>]*))?>/g;
  let last = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m.index > last) out.push({ type: 'text', text: text.slice(last, m.index) });
    if (m[1]) out.push({ type: 'user', user_id: m[1] });
    else out.push(m[3] ? { type: 'link', url: m[2], text: m[3] } : { type: 'link', url: m[2] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

function blockIdFor(text: string): string {
  let h = 7;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h.toString(36).slice(0, 5).padEnd(5, 'x');
}

export function botProfile(data: SlackData, botUser: SlackUser): unknown {
  return {
    id: botUser.profile.bot_id,
    deleted: false,
    name: botUser.real_name,
    updated: botUser.updated,
    app_id: botUser.profile.api_app_id,
    icons: {
      image_36: botUser.profile.image_48.replace('_48', '_36'),
      image_48: botUser.profile.image_48,
      image_72: botUser.profile.image_72,
    },
    team_id: data.team.id,
  };
}

function buildHistory(rng: Random, ids: IdMaker, data: SlackData, channel: SlackChannel, count: number): void {
  const memberIds = [...(data.members.get(channel.id) ?? [])].filter((id) => id !== 'USLACKBOT' && id !== data.bot.userId);
  const speakers = memberIds.length > 0 ? memberIds : [data.users[0]!.id];
  const github = data.users.find((u) => u.name === 'github')!;
  const top: SlackMessage[] = [];
  // Spread the history over the 60 days before SEED_NOW, strictly increasing seconds; end a day
  // early so thread replies (hours after their parent) still predate SEED_NOW and every write.
  const end = Math.floor(SEED_NOW_MS / 1000) - rng.int(86_400, 2 * 86_400);
  const span = 60 * 86400;
  const step = Math.max(1, Math.floor(span / Math.max(1, count)));
  let seconds = end - span;
  let threads = 0;
  // ts is the message id within a channel, so it must never repeat (replies included).
  const used = new Set<string>();
  const mkTs = (sec: number): string => {
    for (;;) {
      const ts = formatTs(sec, rng.int(0, 999_999));
      if (!used.has(ts)) {
        used.add(ts);
        return ts;
      }
    }
  };
  for (let i = 0; i < count; i++) {
    seconds += rng.int(Math.max(1, step >> 1), step + (step >> 1));
    const ts = mkTs(seconds);
    const user = rng.pick(speakers);
    let msg: SlackMessage;
    if (i === 0 && !channel.is_im) {
      msg = { type: 'message', subtype: 'channel_join', ts, user, text: `<@${user}> has joined the channel` };
    } else if (!channel.is_im && !channel.is_mpim && i % 17 === 5) {
      // Legacy incoming-webhook post: subtype bot_message, NO `user`, username + icons instead.
      msg = {
        type: 'message',
        subtype: 'bot_message',
        text: `Deployed \`api@1.${40 + (i % 9)}.${i % 5}\` to production by ${data.users.find((u) => u.id === user)?.name ?? 'ci'}`,
        ts,
        bot_id: ids.make('B'),
        username: 'deploy-bot',
        icons: { emoji: ':rocket:' },
      };
    } else if (!channel.is_im && !channel.is_mpim && i % 13 === 7) {
      const pr = rng.int(1000, 4999);
      const title = rng.pick([
        'Fix pagination off-by-one',
        'Add retry to webhook sender',
        'Bump undici to 7.x',
        'Refactor auth middleware',
      ]);
      msg = {
        type: 'message',
        text: '',
        ts,
        user: github.id,
        bot_id: github.profile.bot_id,
        app_id: github.profile.api_app_id,
        team: data.team.id,
        bot_profile: botProfile(data, github),
        attachments: [
          {
            id: 1,
            color: '36a64f',
            fallback: `[acme/api] Pull request opened: #${pr} ${title}`,
            pretext: 'Pull request opened',
            title: `#${pr} ${title}`,
            title_link: `https://github.com/acme/api/pull/${pr}`,
            text: sentence(rng),
            footer: '<https://github.com/acme/api|acme/api>',
            footer_icon: 'https://slack.github.com/static/img/favicon-neutral.png',
            ts: seconds,
            mrkdwn_in: ['text'],
          },
        ],
      };
    } else {
      const mention = rng.chance(0.15) ? `<@${rng.pick(speakers)}> ` : '';
      const link = rng.chance(0.08) ? ' <https://status.acme-eng.example.com/incidents/42|status page>' : '';
      const text = `${mention}${sentence(rng)}${link}`;
      msg = { user, type: 'message', ts, client_msg_id: rng.uuid(), text, team: data.team.id, blocks: [richTextBlock(rng, text)] };
      if (rng.chance(0.07)) {
        const fileId = ids.make('F', 10);
        const file = rng.pick([
          { name: 'q2-roadmap.pdf', mimetype: 'application/pdf', filetype: 'pdf', pretty_type: 'PDF' },
          { name: 'screenshot 2024-05-14 at 10.21.33.png', mimetype: 'image/png', filetype: 'png', pretty_type: 'PNG' },
          { name: 'error-log.txt', mimetype: 'text/plain', filetype: 'text', pretty_type: 'Plain Text' },
        ]);
        msg.files = [
          {
            id: fileId,
            created: seconds,
            timestamp: seconds,
            name: file.name,
            title: file.name,
            mimetype: file.mimetype,
            filetype: file.filetype,
            pretty_type: file.pretty_type,
            user,
            user_team: data.team.id,
            editable: false,
            size: rng.int(2_000, 2_500_000),
            mode: 'hosted',
            is_external: false,
            external_type: '',
            is_public: !channel.is_private,
            public_url_shared: false,
            display_as_bot: false,
            username: '',
            url_private: `https://files.slack.com/files-pri/${data.team.id}-${fileId}/${encodeURIComponent(file.name)}`,
            url_private_download: `https://files.slack.com/files-pri/${data.team.id}-${fileId}/download/${encodeURIComponent(file.name)}`,
            permalink: `https://${data.team.domain}.slack.com/files/${user}/${fileId}/${encodeURIComponent(file.name)}`,
            permalink_public: `https://slack-files.com/${data.team.id}-${fileId}-${rng.hex(10)}`,
            has_rich_preview: false,
            file_access: 'visible',
          },
        ];
        msg.upload = false;
        msg.display_as_bot = false;
      }
      if (rng.chance(0.08)) msg.edited = { user, ts: formatTs(seconds + rng.int(30, 900), rng.int(0, 999_999)) };
    }
    if (msg.subtype === undefined && rng.chance(0.2)) {
      const reactors = rng.sample(speakers, rng.int(1, Math.min(4, speakers.length)));
      msg.reactions = [
        { name: rng.pick(['+1', 'eyes', 'white_check_mark', 'tada', 'pray', 'joy']), users: reactors, count: reactors.length },
      ];
    }
    top.push(msg);
    // Threads hang off ordinary user messages.
    if (msg.subtype === undefined && msg.client_msg_id && i % 7 === 3 && i + 1 < count) {
      threads++;
      addThread(rng, data, channel, msg, speakers, top, threads, mkTs);
    }
  }
  // A topic change shows up in history as a channel_topic message whose `topic` is a plain string.
  if (channel.topic && channel.topic.value && top.length > 2) {
    const at = top[1]!;
    const ts = mkTs(Math.floor(tsMicros(at.ts) / 1e6) + 1);
    top.splice(2, 0, {
      type: 'message',
      subtype: 'channel_topic',
      ts,
      user: channel.topic.creator,
      text: `set the channel topic: ${channel.topic.value}`,
      topic: channel.topic.value,
    });
  }
  top.sort((a, b) => tsMicros(a.ts) - tsMicros(b.ts));
  data.messages.set(channel.id, top);
}

function addThread(
  rng: Random,
  data: SlackData,
  channel: SlackChannel,
  parent: SlackMessage,
  speakers: string[],
  top: SlackMessage[],
  n: number,
  mkTs: (seconds: number) => string,
): void {
  const replies: SlackMessage[] = [];
  let seconds = Math.floor(tsMicros(parent.ts) / 1e6);
  const count = rng.int(2, 7);
  for (let r = 0; r < count; r++) {
    seconds += rng.int(30, 3600);
    const user = rng.pick(speakers);
    const text = sentence(rng);
    const reply: SlackMessage = {
      user,
      type: 'message',
      ts: mkTs(seconds),
      client_msg_id: rng.uuid(),
      text,
      team: data.team.id,
      thread_ts: parent.ts,
      parent_user_id: parent.user!,
      blocks: [richTextBlock(rng, text)],
    };
    replies.push(reply);
  }
  const replyUsers = [...new Set(replies.map((m) => m.user!))];
  parent.thread_ts = parent.ts;
  parent.reply_count = replies.length;
  parent.reply_users_count = replyUsers.length;
  parent.latest_reply = replies[replies.length - 1]!.ts;
  parent.reply_users = replyUsers.slice(0, 5);
  parent.is_locked = false;
  parent.subscribed = false;
  // Every third thread has its last reply also sent to the channel ("Also send to #channel"):
  // it shows in history with the parent copied into `root`.
  if (n % 3 === 0) {
    const last = replies[replies.length - 1]!;
    last.subtype = 'thread_broadcast';
    last.root = { ...parent };
    top.push(last);
  }
  data.replies.set(`${channel.id}:${parent.ts}`, replies);
}
