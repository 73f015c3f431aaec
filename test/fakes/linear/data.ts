/**
 * Deterministic Linear workspace "acme": teams with their workflow states, cycles and labels;
 * users (one deactivated, one guest); projects with milestones; issues with sub-issues, relations,
 * GitHub/Slack attachments and threaded comments (some written by integrations, so `user` null).
 */
import { DAY_MS, SEED_NOW_MS, iso, isoDate } from '../shared/clock.js';
import { ISSUE_TITLES, SENTENCES, TIMEZONES, makePeople, paragraph, slugify } from '../shared/people.js';
import { createRandom, type Random } from '../shared/random.js';
import {
  Table,
  type LComment,
  type LCycle,
  type LIssue,
  type LIssueLabel,
  type LProject,
  type LProjectStatus,
  type LTeam,
  type LUser,
  type LWorkflowState,
  type LinearData,
} from './types.js';

export interface LinearDataOptions {
  teams?: number;
  users?: number;
  issuesPerTeam?: number;
  commentsPerIssue?: number;
  seed?: number;
}

const TEAM_DEFS = [
  { key: 'ENG', name: 'Engineering', color: '#5e6ad2', icon: 'Code', cycles: true, triage: true, estimation: 'fibonacci' },
  { key: 'DES', name: 'Design', color: '#f2994a', icon: 'Palette', cycles: false, triage: false, estimation: 'tShirt' },
  { key: 'OPS', name: 'Operations', color: '#26b5ce', icon: 'Server', cycles: true, triage: false, estimation: 'notUsed' },
  { key: 'MOB', name: 'Mobile', color: '#bb87fc', icon: 'Phone', cycles: true, triage: true, estimation: 'exponential' },
  { key: 'DATA', name: 'Data', color: '#4cb782', icon: 'Database', cycles: false, triage: false, estimation: 'linear' },
  { key: 'SUP', name: 'Support', color: '#eb5757', icon: 'Chat', cycles: false, triage: true, estimation: 'notUsed' },
] as const;

// prettier-ignore
const STATE_DEFS = [
  { name: 'Triage', type: 'triage', color: '#fc7840' },
  { name: 'Backlog', type: 'backlog', color: '#bec2c8' },
  { name: 'Todo', type: 'unstarted', color: '#e2e2e2' },
  { name: 'In Progress', type: 'started', color: '#f2c94c' },
  { name: 'In Review', type: 'started', color: '#0f783c' },
  { name: 'Done', type: 'completed', color: '#5e6ad2' },
  { name: 'Canceled', type: 'canceled', color: '#95a2b3' },
  { name: 'Duplicate', type: 'canceled', color: '#95a2b3' },
] as const;

// prettier-ignore
const PROJECT_NAMES = [
  'Public API v2', 'Mobile offline mode', 'SOC 2 Type II', 'Billing migration', 'Onboarding revamp', 'Search relevance',
  'Design system 2.0', 'Observability', 'EU data residency', 'Self-serve SSO', 'Realtime sync', 'Accessibility audit',
];

const PROJECT_STATUS_DEFS: Array<Pick<LProjectStatus, 'name' | 'type' | 'color' | 'indefinite'>> = [
  { name: 'Backlog', type: 'backlog', color: '#bec2c8', indefinite: true },
  { name: 'Planned', type: 'planned', color: '#e2e2e2', indefinite: false },
  { name: 'In Progress', type: 'started', color: '#f2c94c', indefinite: false },
  { name: 'Paused', type: 'paused', color: '#eb5757', indefinite: true },
  { name: 'Completed', type: 'completed', color: '#5e6ad2', indefinite: false },
  { name: 'Canceled', type: 'canceled', color: '#95a2b3', indefinite: false },
];

export const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'] as const;

export function buildLinearData(options: LinearDataOptions = {}): LinearData {
  const rng = createRandom(options.seed ?? 0x11ea7);
  const data: LinearData = {
    urlKey: 'acme',
    viewerId: '',
    users: new Table(),
    teams: new Table(),
    states: new Table(),
    cycles: new Table(),
    projectStatuses: new Table(),
    projects: new Table(),
    milestones: new Table(),
    labels: new Table(),
    issues: new Table(),
    comments: new Table(),
    attachments: new Table(),
    relations: new Table(),
    lastSyncId: 2_318_467_000 + rng.int(0, 999),
  };
  const workspaceStart = SEED_NOW_MS - 720 * DAY_MS;
  buildUsers(rng, data, Math.max(2, options.users ?? 12), workspaceStart);
  buildTeams(rng, data, Math.max(1, Math.min(TEAM_DEFS.length, options.teams ?? 3)), workspaceStart);
  buildLabels(rng, data);
  buildProjects(rng, data);
  const perTeam = Math.max(0, options.issuesPerTeam ?? 40);
  for (const team of data.teams.rows) buildIssues(rng, data, team, perTeam);
  // Comments and relations come after all issues so they can point across teams.
  const perIssue = Math.max(0, options.commentsPerIssue ?? 3);
  for (const issue of data.issues.rows) buildComments(rng, data, issue, perIssue);
  buildRelations(rng, data);
  return data;
}

function at(ms: number): string {
  return iso(Math.min(ms, SEED_NOW_MS));
}

function buildUsers(rng: Random, data: LinearData, count: number, start: number): void {
  const people = makePeople(rng, count);
  const taken = new Set<string>();
  people.forEach((person, i) => {
    const created = start + i * rng.int(2, 20) * DAY_MS + rng.int(0, DAY_MS);
    const zone = rng.pick(TIMEZONES);
    const first = person.first
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const user: LUser = {
      id: rng.uuid(),
      name: person.full,
      displayName: taken.has(first) ? `${first}.${person.handle.split('.')[1]}` : first,
      email: `${person.handle}@acme.dev`,
      initials: `${person.first[0]}${person.last[0]}`.toUpperCase(),
      avatarUrl: rng.chance(0.7) ? `https://public.linear.app/${rng.uuid()}/${rng.uuid()}` : null,
      avatarBackgroundColor: rng.pick(['#5e6ad2', '#4cb782', '#f2994a', '#eb5757', '#bb87fc', '#26b5ce']),
      timezone: rng.chance(0.9) ? zone.tz : null,
      active: i !== count - 1 || count < 4,
      admin: i === 0 || i === 1,
      guest: count >= 6 && i === count - 2,
      lastSeen: at(SEED_NOW_MS - rng.int(0, 30) * DAY_MS - rng.int(0, DAY_MS)),
      createdAt: at(created),
      updatedAt: at(created + rng.int(1, 300) * DAY_MS),
      archivedAt: null,
      inviteHash: '',
      title: rng.chance(0.6) ? rng.pick(['Engineer', 'Designer', 'Product Manager', 'Engineering Manager', 'SRE']) : null,
      description: null,
      statusEmoji: rng.chance(0.15) ? '🌴' : null,
      statusLabel: null,
      teamIds: [],
    };
    if (user.statusEmoji) user.statusLabel = 'On vacation';
    taken.add(user.displayName);
    data.users.add(user);
  });
  // Deactivated accounts keep their history but are hidden from users() unless includeDisabled.
  data.viewerId = data.users.rows[0]!.id;
}

function buildTeams(rng: Random, data: LinearData, count: number, start: number): void {
  const users = data.users.rows;
  for (let t = 0; t < count; t++) {
    const def = TEAM_DEFS[t]!;
    const created = start + t * 11 * DAY_MS + rng.int(0, DAY_MS);
    const team: LTeam = {
      id: rng.uuid(),
      key: def.key,
      name: def.name,
      displayName: def.name,
      description: rng.chance(0.5) ? `${def.name} team issues and projects.` : null,
      color: def.color,
      icon: def.icon,
      timezone: 'America/Los_Angeles',
      createdAt: at(created),
      updatedAt: at(created + rng.int(10, 600) * DAY_MS),
      archivedAt: null,
      issueEstimationType: def.estimation,
      issueEstimationAllowZero: false,
      issueEstimationExtended: false,
      defaultIssueEstimate: 1,
      autoArchivePeriod: 6,
      autoClosePeriod: t % 2 === 0 ? 6 : null,
      autoCloseStateId: null,
      cycleCalenderUrl: `https://calendar.linear.app/ical/${rng.uuid()}/cycles.ics`,
      cycleCooldownTime: 0,
      cycleDuration: 2,
      cycleStartDay: 1,
      cyclesEnabled: def.cycles,
      cycleIssueAutoAssignCompleted: def.cycles,
      cycleIssueAutoAssignStarted: def.cycles,
      cycleLockToActive: false,
      upcomingCycleCount: def.cycles ? 2 : 0,
      groupIssueHistory: true,
      requirePriorityToLeaveTriage: false,
      setIssueSortOrderOnStateChange: 'bottom',
      scimManaged: false,
      triageEnabled: def.triage,
      inviteHash: '',
      private: false,
      visibility: 'public',
      activeCycleId: null,
      defaultIssueStateId: null,
      markedAsDuplicateWorkflowStateId: null,
      parentId: null,
      triageIssueStateId: null,
      memberIds: [],
    };
    data.teams.add(team);
    // Members: the viewer is in every team; others spread around.
    const members = new Set([data.viewerId, ...rng.sample(users, Math.max(2, Math.ceil(users.length * 0.6))).map((u) => u.id)]);
    team.memberIds = users.filter((u) => members.has(u.id)).map((u) => u.id);
    for (const id of team.memberIds) data.users.get(id)!.teamIds.push(team.id);

    STATE_DEFS.forEach((s, position) => {
      if (s.type === 'triage' && !def.triage) return;
      const state: LWorkflowState = {
        id: rng.uuid(),
        name: s.name,
        type: s.type,
        color: s.color,
        description: null,
        position,
        createdAt: team.createdAt,
        updatedAt: team.createdAt,
        archivedAt: null,
        teamId: team.id,
      };
      data.states.add(state);
      if (s.name === 'Todo') team.defaultIssueStateId = state.id;
      if (s.name === 'Duplicate') team.markedAsDuplicateWorkflowStateId = state.id;
      if (s.name === 'Canceled' && team.autoClosePeriod !== null) team.autoCloseStateId = state.id;
      if (s.type === 'triage') team.triageIssueStateId = state.id;
    });

    if (def.cycles) {
      // Two-week cycles: 5 past, the active one, 2 upcoming.
      const cycleMs = 14 * DAY_MS;
      const activeStart = SEED_NOW_MS - 5 * DAY_MS - ((SEED_NOW_MS - 5 * DAY_MS) % DAY_MS) + 16 * 3600_000;
      for (let n = 1; n <= 8; n++) {
        const startsAt = activeStart + (n - 6) * cycleMs;
        const cycle: LCycle = {
          id: rng.uuid(),
          number: n,
          name: n === 6 ? 'Launch prep' : null,
          description: null,
          startsAt: iso(startsAt),
          endsAt: iso(startsAt + cycleMs),
          completedAt: n < 6 ? iso(startsAt + cycleMs) : null,
          createdAt: iso(Math.min(startsAt - 30 * DAY_MS, SEED_NOW_MS)),
          updatedAt: iso(Math.min(startsAt + cycleMs, SEED_NOW_MS)),
          archivedAt: null,
          teamId: team.id,
        };
        data.cycles.add(cycle);
        if (n === 6) team.activeCycleId = cycle.id;
      }
    }
  }
  if (count >= 4) data.teams.rows[3]!.parentId = data.teams.rows[0]!.id; // Mobile is a sub-team of Engineering
}

function buildLabels(rng: Random, data: LinearData): void {
  const creator = data.viewerId;
  const created = data.teams.rows[0]!.createdAt;
  const add = (name: string, color: string, teamId: string | null, parentId: string | null = null, isGroup = false): LIssueLabel =>
    data.labels.add({
      id: rng.uuid(),
      name,
      color,
      description: null,
      isGroup,
      createdAt: created,
      updatedAt: created,
      archivedAt: null,
      teamId,
      parentId,
      creatorId: creator,
    });
  add('Bug', '#eb5757', null);
  add('Feature', '#bb87fc', null);
  add('Improvement', '#4ea7fc', null);
  const area = add('Area', '#95a2b3', null, null, true);
  add('Backend', '#26b5ce', null, area.id);
  add('Frontend', '#f2994a', null, area.id);
  for (const team of data.teams.rows) {
    add(team.key === 'ENG' ? 'tech-debt' : `${team.key.toLowerCase()}-request`, '#5e6ad2', team.id);
    add('customer', '#4cb782', team.id);
  }
}

function buildProjects(rng: Random, data: LinearData): void {
  const start = SEED_NOW_MS - 400 * DAY_MS;
  PROJECT_STATUS_DEFS.forEach((s, position) =>
    data.projectStatuses.add({
      id: rng.uuid(),
      ...s,
      description: null,
      position,
      createdAt: iso(start),
      updatedAt: iso(start),
      archivedAt: null,
    }),
  );
  const statusByType = (type: LProjectStatus['type']) => data.projectStatuses.rows.find((s) => s.type === type)!;
  const count = Math.min(PROJECT_NAMES.length, data.teams.size * 2);
  const activeUsers = data.users.rows.filter((u) => u.active);
  for (let i = 0; i < count; i++) {
    const name = PROJECT_NAMES[i]!;
    const created = start + i * 23 * DAY_MS + rng.int(0, DAY_MS);
    const type = (['started', 'started', 'planned', 'completed', 'backlog', 'paused', 'canceled'] as const)[i % 7]!;
    const status = statusByType(type);
    const startDate = type === 'backlog' ? null : created + rng.int(3, 20) * DAY_MS;
    const target = startDate === null ? null : startDate + rng.int(40, 160) * DAY_MS;
    const weeks = Math.min(12, Math.max(1, Math.floor((SEED_NOW_MS - created) / (7 * DAY_MS))));
    const scope = cumulative(rng, weeks, 2, 6);
    const done = scope.map((v, w) => Math.floor(v * Math.min(1, (w + 1) / (weeks + 2))));
    const slugId = rng.hex(12);
    const project: LProject = {
      id: rng.uuid(),
      name,
      description: rng.chance(0.8) ? `${name}: ${rng.pick(SENTENCES)}` : '',
      content: rng.chance(0.7)
        ? `## Goals\n\n- ${rng.pick(SENTENCES)}\n- ${rng.pick(SENTENCES)}\n\n## Non-goals\n\n${paragraph(rng, 2)}`
        : null,
      contentState: null,
      color: rng.pick(['#5e6ad2', '#4cb782', '#f2994a', '#eb5757', '#bb87fc']),
      icon: rng.chance(0.6) ? rng.pick(['Rocket', 'Shield', 'Cloud', 'Chart', 'Lock']) : null,
      health: type === 'started' ? rng.pick(['onTrack', 'onTrack', 'atRisk', 'offTrack'] as const) : null,
      healthUpdatedAt: type === 'started' ? at(SEED_NOW_MS - rng.int(1, 14) * DAY_MS) : null,
      priority: rng.int(0, 4),
      prioritySortOrder: round2(rng.next() * 10_000 - 5000),
      sortOrder: round2(rng.next() * 10_000 - 5000),
      slugId,
      startDate: startDate === null ? null : isoDate(startDate),
      targetDate: target === null ? null : isoDate(target),
      startedAt: ['started', 'completed', 'paused', 'canceled'].includes(type) && startDate !== null ? at(startDate) : null,
      completedAt: type === 'completed' && target !== null ? at(Math.min(target, SEED_NOW_MS - DAY_MS)) : null,
      canceledAt: type === 'canceled' ? at(SEED_NOW_MS - rng.int(5, 60) * DAY_MS) : null,
      createdAt: at(created),
      updatedAt: at(Math.max(created, SEED_NOW_MS - rng.int(0, 40) * DAY_MS)),
      archivedAt: null,
      updateRemindersDay: type === 'started' ? 'Friday' : null,
      updateRemindersHour: type === 'started' ? 14 : null,
      completedIssueCountHistory: done,
      completedScopeHistory: done,
      inProgressScopeHistory: scope.map((v, w) => Math.max(0, Math.floor(v / 3) - (done[w] ?? 0) / 4)),
      issueCountHistory: scope,
      scopeHistory: scope,
      convertedFromIssueId: null,
      creatorId: rng.pick(activeUsers).id,
      leadId: rng.chance(0.85) ? rng.pick(activeUsers).id : null,
      statusId: status.id,
      teamIds: [
        data.teams.rows[i % data.teams.size]!.id,
        ...(i % 3 === 0 && data.teams.size > 1 ? [data.teams.rows[(i + 1) % data.teams.size]!.id] : []),
      ],
    };
    data.projects.add(project);
    for (let m = 0; m < 2; m++) {
      const targetDate = target === null ? null : (startDate ?? created) + ((target - (startDate ?? created)) * (m + 1)) / 2;
      data.milestones.add({
        id: rng.uuid(),
        name: m === 0 ? 'Beta' : 'GA',
        description: null,
        targetDate: targetDate === null ? null : isoDate(targetDate),
        sortOrder: m * 1000,
        status: targetDate === null ? 'unstarted' : targetDate < SEED_NOW_MS ? (type === 'completed' ? 'done' : 'overdue') : 'next',
        createdAt: project.createdAt,
        updatedAt: project.updatedAt,
        archivedAt: null,
        projectId: project.id,
      });
    }
  }
}

function cumulative(rng: Random, length: number, min: number, max: number): number[] {
  const out: number[] = [];
  let v = rng.int(min, max);
  for (let i = 0; i < length; i++) {
    v += rng.int(0, max);
    out.push(v);
  }
  return out;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Linear stores descriptions as Markdown plus a Yjs document state (base64); both are opaque blobs to us. */
function yjsState(rng: Random, size: number): string {
  return Buffer.from(Array.from({ length: size }, () => rng.int(0, 255))).toString('base64');
}

function describeIssue(rng: Random, title: string): string | null {
  if (rng.chance(0.15)) return null;
  const kind = rng.int(0, 2);
  if (kind === 0) {
    return `## Steps to reproduce\n\n1. ${rng.pick(SENTENCES)}\n2. Open the page and wait for the list to load\n3. Observe the error\n\n**Expected:** it works.\n**Actual:** ${title.toLowerCase()}.`;
  }
  if (kind === 1) return `${paragraph(rng, 2)}\n\n- [ ] ${rng.pick(SENTENCES)}\n- [x] ${rng.pick(SENTENCES)}`;
  return `${paragraph(rng, 3)}\n\n\`\`\`ts\nawait client.retry({ attempts: 3 });\n\`\`\``;
}

function buildIssues(rng: Random, data: LinearData, team: LTeam, count: number): void {
  const states = data.states.rows.filter((s) => s.teamId === team.id);
  const stateByName = (name: string) => states.find((s) => s.name === name);
  const members = team.memberIds.map((id) => data.users.get(id)!);
  const activeMembers = members.filter((u) => u.active);
  const projects = data.projects.rows.filter((p) => p.teamIds.includes(team.id));
  const cycles = data.cycles.rows.filter((c) => c.teamId === team.id);
  const labels = data.labels.rows.filter((l) => (l.teamId === null || l.teamId === team.id) && !l.isGroup);
  const span = 180 * DAY_MS;
  const teamIssues: LIssue[] = [];
  for (let n = 1; n <= count; n++) {
    const created = SEED_NOW_MS - span + Math.floor(((n - 0.5) / count) * (span - 2 * DAY_MS)) + rng.int(0, 3600_000);
    const roll = rng.next();
    const stateName =
      team.triageEnabled && roll < 0.05
        ? 'Triage'
        : roll < 0.2
          ? 'Backlog'
          : roll < 0.4
            ? 'Todo'
            : roll < 0.58
              ? 'In Progress'
              : roll < 0.66
                ? 'In Review'
                : roll < 0.9
                  ? 'Done'
                  : roll < 0.97
                    ? 'Canceled'
                    : 'Duplicate';
    const state = stateByName(stateName) ?? stateByName('Todo')!;
    const title = rng.pick(ISSUE_TITLES) + (rng.chance(0.3) ? ` (${rng.pick(['iOS', 'web', 'API', 'admin', 'EU'])})` : '');
    const creator = rng.pick(members);
    const assignee = state.type === 'triage' || rng.chance(0.2) ? null : rng.pick(activeMembers.length ? activeMembers : members);
    const started = ['started', 'completed'].includes(state.type) ? created + rng.int(1, 10) * DAY_MS : null;
    const completed = state.type === 'completed' ? (started ?? created) + rng.int(1, 12) * DAY_MS : null;
    const canceled = state.type === 'canceled' ? created + rng.int(1, 30) * DAY_MS : null;
    const project = projects.length && rng.chance(0.55) ? rng.pick(projects) : null;
    const cycle = cycles.length && state.type !== 'triage' && rng.chance(0.5) ? rng.pick(cycles) : null;
    const description = describeIssue(rng, title);
    const identifier = `${team.key}-${n}`;
    const updated = Math.max(created, completed ?? 0, canceled ?? 0, started ?? 0) + rng.int(0, 5) * DAY_MS;
    const priority = rng.pick([0, 1, 2, 2, 3, 3, 3, 4]);
    const issue: LIssue = {
      id: rng.uuid(),
      identifier,
      number: n,
      title,
      description,
      descriptionState: description === null ? null : yjsState(rng, 24 + Math.min(200, description.length >> 2)),
      priority,
      estimate: team.issueEstimationType === 'notUsed' || rng.chance(0.3) ? null : rng.pick([1, 2, 3, 5, 8]),
      sortOrder: round2(rng.next() * 200_000 - 100_000),
      prioritySortOrder: round2(rng.next() * 200_000 - 100_000),
      subIssueSortOrder: null,
      branchName: `${(assignee ?? creator).displayName}/${identifier.toLowerCase()}-${slugify(title, 40)}`,
      dueDate: rng.chance(0.2) ? isoDate(created + rng.int(7, 60) * DAY_MS) : null,
      slaType: null,
      integrationSourceType: rng.chance(0.1) ? rng.pick(['slack', 'intercom', 'github']) : null,
      customerTicketCount: rng.chance(0.1) ? rng.int(1, 6) : 0,
      labelIds: rng.sample(labels, rng.int(0, 2)).map((l) => l.id),
      previousIdentifiers: [],
      reactionData: [],
      createdAt: at(created),
      updatedAt: at(updated),
      archivedAt: null,
      trashed: null,
      startedAt: started === null ? null : at(started),
      completedAt: completed === null ? null : at(completed),
      canceledAt: canceled === null ? null : at(canceled),
      addedToCycleAt: cycle ? at(Math.max(created, Date.parse(cycle.startsAt) - DAY_MS)) : null,
      addedToProjectAt: project ? at(created + rng.int(0, 3) * DAY_MS) : null,
      addedToTeamAt: at(created),
      assigneeId: assignee?.id ?? null,
      creatorId: creator.id,
      cycleId: cycle?.id ?? null,
      parentId: null,
      projectId: project?.id ?? null,
      projectMilestoneId: project && rng.chance(0.5) ? (data.milestones.rows.find((m) => m.projectId === project.id)?.id ?? null) : null,
      stateId: state.id,
      teamId: team.id,
      sourceCommentId: null,
      subscriberIds: [...new Set([creator.id, ...(assignee ? [assignee.id] : [])])],
    };
    // Sub-issues hang off an earlier issue of the same team.
    if (teamIssues.length > 3 && rng.chance(0.15)) {
      const parent = rng.pick(teamIssues.slice(-10));
      issue.parentId = parent.id;
      issue.subIssueSortOrder = round2(rng.next() * 1000);
    }
    // An issue moved from another team keeps its old identifier.
    if (data.teams.size > 1 && n % 25 === 7) {
      const other = data.teams.rows.find((t) => t.id !== team.id)!;
      issue.previousIdentifiers = [`${other.key}-${rng.int(1, 300)}`];
      issue.addedToTeamAt = at(created + rng.int(1, 5) * DAY_MS);
    }
    if (rng.chance(0.12)) {
      issue.reactionData = [
        { emoji: '+1', reactions: [{ id: rng.uuid(), userId: rng.pick(members).id, reactedAt: at(created + 3600_000) }] },
      ];
    }
    data.issues.add(issue);
    teamIssues.push(issue);
    addAttachments(rng, data, issue, created);
  }
}

function addAttachments(rng: Random, data: LinearData, issue: LIssue, created: number): void {
  if (rng.chance(0.2)) {
    const pr = rng.int(1000, 4999);
    const status = issue.completedAt ? 'merged' : rng.pick(['open', 'draft', 'closed']);
    data.attachments.add({
      id: rng.uuid(),
      title: `${issue.title} #${pr}`,
      subtitle: status === 'merged' ? 'Merged' : status === 'draft' ? 'Draft' : status === 'open' ? 'Open' : 'Closed',
      url: `https://github.com/acme/api/pull/${pr}`,
      source: { type: 'github', imageUrl: 'https://static.linear.app/assets/github.png' },
      sourceType: 'github',
      metadata: { status, number: pr, repo: 'api', owner: 'acme', branch: issue.branchName, draft: status === 'draft', reviewers: [] },
      groupBySource: true,
      createdAt: at(created + DAY_MS),
      updatedAt: at(created + 2 * DAY_MS),
      archivedAt: null,
      issueId: issue.id,
      creatorId: issue.assigneeId,
    });
  }
  if (issue.integrationSourceType === 'slack') {
    data.attachments.add({
      id: rng.uuid(),
      title: 'Message from Slack',
      subtitle: rng.pick(SENTENCES),
      url: `https://acme-eng.slack.com/archives/C0${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 9)}/p${Math.floor(created / 1000)}${rng.int(100000, 999999)}`,
      source: { type: 'slack', channelName: 'support' },
      sourceType: 'slack',
      metadata: { channelName: 'support', messageTs: `${Math.floor(created / 1000)}.${rng.int(100000, 999999)}` },
      groupBySource: false,
      createdAt: at(created),
      updatedAt: at(created),
      archivedAt: null,
      issueId: issue.id,
      creatorId: null,
    });
  }
}

/** ProseMirror JSON, which Linear returns as a STRING in `bodyData`. */
export function proseMirror(markdown: string): string {
  const paragraphs = markdown.split(/\n{2,}/).map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] }));
  return JSON.stringify({ type: 'doc', content: paragraphs });
}

function buildComments(rng: Random, data: LinearData, issue: LIssue, count: number): void {
  const team = data.teams.get(issue.teamId)!;
  const authors = team.memberIds;
  let t = Date.parse(issue.createdAt);
  let first: LComment | undefined;
  for (let c = 0; c < count; c++) {
    t = Math.min(SEED_NOW_MS - 60_000, t + rng.int(20, 60 * 24 * 3) * 60_000);
    const integration = rng.chance(0.07);
    const body = integration
      ? `This issue was referenced in [acme/api#${rng.int(1000, 4999)}](https://github.com/acme/api/pull/${rng.int(1000, 4999)})`
      : rng.chance(0.2)
        ? `@${data.users.get(rng.pick(authors))!.displayName} ${rng.pick(SENTENCES)}`
        : paragraph(rng, rng.int(1, 2));
    const edited = !integration && rng.chance(0.1);
    const comment: LComment = {
      id: rng.uuid(),
      body,
      bodyData: proseMirror(body),
      issueId: issue.id,
      // Replies thread under the first comment now and then.
      parentId: first && rng.chance(0.25) ? first.id : null,
      resolvingCommentId: null,
      resolvingUserId: null,
      createdAt: iso(t),
      updatedAt: iso(edited ? t + 600_000 : t),
      editedAt: edited ? iso(t + 600_000) : null,
      archivedAt: null,
      resolvedAt: null,
      quotedText: null,
      reactionData: [],
      userId: integration ? null : rng.pick(authors),
    };
    data.comments.add(comment);
    first ??= comment;
  }
}

function buildRelations(rng: Random, data: LinearData): void {
  const issues = data.issues.rows;
  if (issues.length < 2) return;
  for (const issue of issues) {
    const state = data.states.get(issue.stateId)!;
    if (state.name === 'Duplicate' || rng.chance(0.08)) {
      let other = rng.pick(issues);
      if (other.id === issue.id) other = issues[(issues.indexOf(issue) + 1) % issues.length]!;
      data.relations.add({
        id: rng.uuid(),
        type: state.name === 'Duplicate' ? 'duplicate' : rng.pick(['blocks', 'related', 'related']),
        createdAt: issue.createdAt > other.createdAt ? issue.createdAt : other.createdAt,
        updatedAt: issue.updatedAt,
        archivedAt: null,
        issueId: issue.id,
        relatedIssueId: other.id,
      });
    }
  }
}
