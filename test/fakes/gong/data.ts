/**
 * A seeded Gong company: users, calls (basic data plus the extensive parts, transcripts and
 * recordings), workspaces, scorecards, trackers and library folders, kept as the JSON Gong returns
 * (camelCase, ids as digit strings of 15 to 19 digits, `null` where real payloads carry it).
 * Bookkeeping Gong does not return (recordings, who manages whom) lives beside the records.
 */
import { DAY_MS, SEED_NOW_MS, iso } from '../shared/clock.js';
import { COMPANIES, JOB_TITLES, makePeople, sentence } from '../shared/people.js';
import { createRandom, type Random } from '../shared/random.js';

export type Json = Record<string, unknown>;

/** A recording behind a pre-signed URL on the media host. */
export interface Recording {
  id: string;
  callId: string;
  kind: 'audio' | 'video';
  fileName: string;
  contentType: string;
  size: number;
  signature: string;
}

export interface GongData {
  workspaces: Json[];
  users: Json[];
  /** Basic call data, ordered by `started`. */
  calls: Json[];
  /** Extensive parts of each call by call id (parties, context, content, interaction, collaboration). */
  extensive: Map<string, Json>;
  transcripts: Map<string, Json[]>;
  scorecards: Json[];
  trackers: Json[];
  folders: Json[];
  /** Library calls by folder id (LibraryCall records as Gong sends them). */
  folderCalls: Map<string, Json[]>;
  /** Recordings by call id. */
  recordings: Map<string, { audio: Recording; video?: Recording }>;
  /** Direct reports by manager id. */
  reports: Map<string, string[]>;
}

export interface GongDataOptions {
  users?: number;
  calls?: number;
  /** Calls in the first library folder (default 25; others get a few). */
  folderCalls?: number;
  /** Origin of the media host, for recording URLs. */
  mediaBase: string;
}

const digits = (rng: Random, length: number): string => `${rng.int(1, 9)}${rng.chars('0123456789', length - 1)}`;

const TOPICS = ['Pricing', 'Next Steps', 'Product Demo', 'Integrations', 'Security Review', 'Timeline', 'Competition', 'Small Talk'];
const SYSTEMS = ['Zoom', 'Google Meet', 'Microsoft Teams', 'Outreach', 'RingCentral'];
const LANGUAGES = ['eng', 'eng', 'eng', 'spa', 'fre', 'deu'];

export function buildGongData(options: GongDataOptions): GongData {
  const rng = createRandom('gong-company');
  const userCount = options.users ?? 30;
  const callCount = options.calls ?? 60;

  const workspaces: Json[] = [
    { id: '623457276584334', name: 'Sales', description: 'North America and EMEA sales teams' },
    { id: '623457276584335', name: 'Customer Success', description: 'Onboarding and renewals' },
  ];

  // Users: the first three manage the rest; the last one has left (inactive).
  const people = makePeople(rng, userCount);
  const users: Json[] = people.map((p, i) => {
    const id = digits(rng, 15);
    const created = SEED_NOW_MS - rng.int(60, 900) * DAY_MS;
    return {
      id,
      emailAddress: `${p.handle}@northwind.example`,
      created: iso(created),
      active: i !== userCount - 1,
      emailAliases: rng.chance(0.3) ? [`${p.handle}@northwind-traders.example`] : [],
      trustedEmailAddress: rng.chance(0.5) ? `${p.handle}@northwind.example` : null,
      firstName: p.first,
      lastName: p.last,
      title: rng.chance(0.8) ? rng.pick(JOB_TITLES) : null,
      phoneNumber: rng.chance(0.6) ? `+1 415 555 ${String(rng.int(0, 9999)).padStart(4, '0')}` : null,
      extension: rng.chance(0.2) ? String(rng.int(100, 999)) : null,
      personalMeetingUrls: rng.chance(0.7) ? [`https://zoom.us/j/${digits(rng, 10)}`] : [],
      settings: {
        webConferencesRecorded: true,
        preventWebConferenceRecording: false,
        telephonyCallsImported: rng.chance(0.5),
        emailsImported: true,
        preventEmailImport: false,
        nonRecordedMeetingsImported: rng.chance(0.5),
        gongConnectEnabled: rng.chance(0.3),
      },
      managerId: null as string | null,
      meetingConsentPageUrl: rng.chance(0.3) ? `https://join.gong.io/northwind/${p.handle}` : null,
      spokenLanguages: [{ language: 'en-US', primary: true }, ...(rng.chance(0.2) ? [{ language: 'es-ES', primary: false }] : [])],
      conferencingProviders: [{ provider: 'Zoom', isDefault: true }],
    };
  });
  const managers = users.slice(0, 3).map((u) => u['id'] as string);
  const reports = new Map<string, string[]>(managers.map((m) => [m, []]));
  users.slice(3).forEach((u, i) => {
    const manager = managers[i % managers.length]!;
    u['managerId'] = manager;
    reports.get(manager)!.push(u['id'] as string);
  });

  // Calls over the 120 days before SEED_NOW, oldest first.
  const starts = Array.from({ length: callCount }, () => SEED_NOW_MS - rng.int(1, 120 * 24) * 3_600_000).sort((a, b) => a - b);
  const calls: Json[] = [];
  const extensive = new Map<string, Json>();
  const transcripts = new Map<string, Json[]>();
  const recordings = new Map<string, { audio: Recording; video?: Recording }>();
  const company = (i: number) => COMPANIES[i % COMPANIES.length]!;
  starts.forEach((started, i) => {
    const id = digits(rng, 19);
    const host = users[rng.int(0, userCount - 2)]!;
    const video = rng.chance(0.6);
    const duration = rng.int(240, 3600);
    const external = rng.chance(0.7);
    const call: Json = {
      id,
      url: `https://app.gong.io/call?id=${id}`,
      title: external ? `${company(i)} | ${rng.pick(TOPICS)}` : `Weekly sync: ${rng.pick(TOPICS)}`,
      scheduled: iso(started - rng.int(0, 5) * 60_000),
      started: iso(started),
      duration,
      primaryUserId: host['id'],
      direction: rng.pick(['Conference', 'Conference', 'Outbound', 'Inbound']),
      system: rng.pick(SYSTEMS),
      scope: external ? 'External' : 'Internal',
      media: video ? 'Video' : 'Audio',
      language: rng.pick(LANGUAGES),
      workspaceId: workspaces[i % 5 === 4 ? 1 : 0]!['id'],
      meetingUrl: `https://zoom.us/j/${digits(rng, 10)}`,
      sdrDisposition: rng.chance(0.2) ? 'Got the gatekeeper' : null,
      clientUniqueId: rng.chance(0.3) ? rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 19) : null,
      customData: rng.chance(0.2) ? 'Conference Call' : null,
      purpose: rng.chance(0.4) ? rng.pick(['Demo Call', 'Discovery', 'Negotiation']) : null,
      calendarEventId: rng.chance(0.6) ? `${rng.hex(26)}@google.com` : null,
      isPrivate: rng.chance(0.1),
    };
    calls.push(call);

    const guest = makePeople(rng, 1)[0]!;
    const hostSpeaker = digits(rng, 16);
    const guestSpeaker = digits(rng, 16);
    const hostTalk = Math.round(duration * rng.next() * 0.6);
    extensive.set(id, {
      context: external
        ? [
            {
              system: 'Salesforce',
              objects: [
                {
                  objectType: 'Opportunity',
                  objectId: `006${rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 15)}`,
                  fields: [{ name: 'StageName', value: 'Discovery' }],
                  timing: 'Now',
                },
              ],
            },
          ]
        : [],
      parties: [
        {
          id: digits(rng, 16),
          emailAddress: host['emailAddress'],
          name: `${host['firstName']} ${host['lastName']}`,
          title: host['title'],
          userId: host['id'],
          speakerId: hostSpeaker,
          context: [],
          affiliation: 'Internal',
          methods: ['Invitee', 'Attendee'],
        },
        {
          id: digits(rng, 16),
          emailAddress: external
            ? `${guest.handle}@${company(i)
                .toLowerCase()
                .replace(/[^a-z]+/g, '')}.example`
            : `${guest.handle}@northwind.example`,
          name: guest.full,
          title: rng.pick(JOB_TITLES),
          speakerId: guestSpeaker,
          context: [],
          affiliation: external ? 'External' : 'Internal',
          phoneNumber: null,
          methods: ['Invitee'],
        },
      ],
      content: {
        structure: [
          { name: 'Intro', duration: Math.round(duration * 0.1) },
          { name: 'Discussion', duration: Math.round(duration * 0.8) },
        ],
        topics: rng.sample(TOPICS, 3).map((name) => ({ name, duration: rng.int(30, Math.max(31, Math.round(duration / 3))) })),
        trackers: [{ id: '4123456789012345678', name: 'Competitors', count: rng.int(0, 4), type: 'KEYWORD', occurrences: [], phrases: [] }],
        brief: sentence(rng),
        outline: [{ section: 'Opening', startTime: 0, duration: 60, items: [{ text: sentence(rng), startTime: 5 }] }],
        highlights: [{ title: 'Next steps', items: [{ text: sentence(rng), startTimes: [120] }] }],
        callOutcome: { id: '1', category: 'Answered', name: 'Meeting booked' },
        keyPoints: [{ text: sentence(rng) }],
        pointsOfInterest: { actionItems: [] },
      },
      interaction: {
        speakers: [
          { id: hostSpeaker, userId: host['id'], talkTime: hostTalk },
          { id: guestSpeaker, talkTime: Math.round(duration * 0.35) },
        ],
        interactionStats: [
          { name: 'Talk Ratio', value: Number((hostTalk / duration).toFixed(2)) },
          { name: 'Longest Monologue', value: rng.int(20, 300) },
          { name: 'Interactivity', value: Number((rng.next() * 10).toFixed(2)) },
          { name: 'Patience', value: Number((rng.next() * 2).toFixed(2)) },
        ],
        video: video ? [{ name: 'Presentation', duration: rng.int(60, 600) }] : [],
        questions: { companyCount: rng.int(0, 12), nonCompanyCount: rng.int(0, 8) },
      },
      collaboration: {
        publicComments: rng.chance(0.3)
          ? [
              {
                id: digits(rng, 18),
                audioStartTime: rng.int(0, duration),
                audioEndTime: null,
                commenterUserId: managers[0],
                comment: 'Nice handling of the pricing question',
                posted: iso(started + duration * 1000 + DAY_MS),
                inReplyTo: null,
                duringCall: false,
              },
            ]
          : [],
      },
    });

    transcripts.set(id, [
      {
        speakerId: hostSpeaker,
        topic: 'Intro',
        sentences: [
          { start: 460, end: 2300, text: `Thanks for joining, ${guest.first}.` },
          { start: 2300, end: 5400, text: sentence(rng) },
        ],
      },
      { speakerId: guestSpeaker, topic: null, sentences: [{ start: 5600, end: 9100, text: sentence(rng) }] },
    ]);

    const recording = (kind: 'audio' | 'video'): Recording => ({
      id: `${id}-${kind}`,
      callId: id,
      kind,
      fileName: kind === 'audio' ? `${id}.mp3` : `${id}.mp4`,
      contentType: kind === 'audio' ? 'audio/mpeg' : 'video/mp4',
      // Small: a few chunks, so downloads stream without slowing the suites.
      size: kind === 'audio' ? rng.int(90_000, 200_000) : rng.int(200_000, 400_000),
      signature: rng.hex(64),
    });
    recordings.set(id, { audio: recording('audio'), ...(video ? { video: recording('video') } : {}) });
  });

  // Gong's settings API sends these ids as int64 JSON numbers (gong-openapi.json Scorecard, Question),
  // 18 or 19 digits: beyond 2^53, so they are bigints here and JSON numbers on the wire.
  const int64 = (id: unknown): bigint => BigInt(String(id));
  const scorecards: Json[] = ['Discovery call', 'Demo quality', 'Renewal readiness', 'Onboarding kickoff'].map((name, i) => ({
    scorecardId: int64(digits(rng, 18)),
    scorecardName: name,
    workspaceId: i === 3 ? null : int64(workspaces[i % 2]!['id']),
    enabled: i !== 2,
    updaterUserId: int64(managers[i % managers.length]),
    created: iso(SEED_NOW_MS - (300 - i * 40) * DAY_MS),
    updated: iso(SEED_NOW_MS - (30 - i * 5) * DAY_MS),
    reviewMethod: i === 1 ? 'AUTOMATIC' : 'MANUAL',
    questions: [
      {
        questionId: int64(digits(rng, 18)),
        questionRevisionId: int64(digits(rng, 18)),
        questionText: 'Did the rep confirm the next steps?',
        questionType: 'YES_NO',
        updaterUserId: managers[0],
        created: iso(SEED_NOW_MS - 300 * DAY_MS),
        updated: iso(SEED_NOW_MS - 30 * DAY_MS),
        isRequired: true,
        isOverall: false,
        answerGuide: null,
        minRange: null,
        maxRange: null,
        answerOptions: [],
      },
      {
        questionId: int64(digits(rng, 18)),
        questionRevisionId: int64(digits(rng, 18)),
        questionText: 'Overall score',
        questionType: 'SCALE',
        updaterUserId: managers[1],
        created: iso(SEED_NOW_MS - 300 * DAY_MS),
        updated: iso(SEED_NOW_MS - 30 * DAY_MS),
        isRequired: false,
        isOverall: true,
        answerGuide: '1 = poor, 5 = excellent',
        minRange: '1',
        maxRange: '5',
        answerOptions: [
          { id: 1, text: 'Poor' },
          { id: 5, text: 'Excellent' },
        ],
      },
    ],
  }));

  const trackers: Json[] = ['Competitors', 'Pricing objections', 'Security', 'Budget', 'Next steps'].map((name, i) => ({
    trackerId: digits(rng, 19),
    trackerName: name,
    workspaceId: i === 4 ? null : workspaces[i % 2]!['id'],
    languageKeywords: [
      { language: 'eng', keywords: [name.toLowerCase(), `${name.toLowerCase()} question`], includeRelatedForms: i % 2 === 0 },
    ],
    affiliation: ['Anyone', 'Company', 'NonCompany'][i % 3],
    partOfQuestion: i === 1,
    saidAt: i === 2 ? 'First' : 'Anytime',
    saidAtInterval: i === 2 ? 5 : null,
    saidAtUnit: i === 2 ? 'Minutes' : null,
    saidInTopics: i === 1 ? ['Pricing'] : [],
    filterQuery: '{"scope":"External"}',
    created: iso(SEED_NOW_MS - (200 + i) * DAY_MS),
    creatorUserId: managers[i % managers.length],
    updated: iso(SEED_NOW_MS - (20 + i) * DAY_MS),
    updaterUserId: i === 0 ? null : managers[0],
  }));

  const folders: Json[] = [];
  const folderCalls = new Map<string, Json[]>();
  workspaces.forEach((workspace, w) => {
    const root = {
      id: digits(rng, 19),
      name: w === 0 ? 'Sales Onboarding' : 'Renewals playbook',
      parentFolderId: null,
      createdBy: managers[w],
      updated: iso(SEED_NOW_MS - 10 * DAY_MS),
    };
    const child = {
      id: digits(rng, 19),
      name: w === 0 ? 'Best discovery calls' : 'Saved churn risks',
      parentFolderId: root.id,
      createdBy: null,
      updated: iso(SEED_NOW_MS - 3 * DAY_MS),
    };
    folders.push({ ...root, workspaceId: workspace['id'] }, { ...child, workspaceId: workspace['id'] });
    const inFolder = (count: number, offset: number) =>
      calls.slice(offset, offset + count).map((call, k) => ({
        id: call['id'],
        callId: call['id'],
        title: call['title'],
        note: k % 3 === 0 ? 'Great objection handling at 12:30' : null,
        addedBy: managers[k % managers.length],
        created: iso(SEED_NOW_MS - (k + 1) * DAY_MS),
        url: call['url'],
        snippet: k % 4 === 1 ? { fromSec: 60, toSec: 180 } : null,
        started: call['started'],
        primaryUserId: call['primaryUserId'],
        duration: call['duration'],
      }));
    folderCalls.set(root.id, inFolder(w === 0 ? Math.min(options.folderCalls ?? 25, calls.length) : 4, 0));
    folderCalls.set(child.id, inFolder(3, 5));
  });

  return { workspaces, users, calls, extensive, transcripts, scorecards, trackers, folders, folderCalls, recordings, reports };
}

/** The pre-signed URL of a recording on the media host. */
export function recordingUrl(base: string, recording: Recording): string {
  return `${base}/media/${recording.callId}/${recording.fileName}?Expires=${Math.floor(SEED_NOW_MS / 1000) + 8 * 3600}&Signature=${recording.signature}`;
}
