/**
 * In-memory records of the Linear fake. Scalar fields carry the GraphQL field names so graphql-js'
 * default resolvers read them directly; links are stored as `xId` / `xIds` and resolved by
 * resolvers.ts. Computed fields (url, branchName, priorityLabel, isMe, progress…) are not stored.
 */

export interface LUser {
  id: string;
  name: string;
  displayName: string;
  email: string;
  initials: string;
  avatarUrl: string | null;
  avatarBackgroundColor: string;
  timezone: string | null;
  active: boolean;
  admin: boolean;
  guest: boolean;
  lastSeen: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  inviteHash: string;
  title: string | null;
  description: string | null;
  statusEmoji: string | null;
  statusLabel: string | null;
  teamIds: string[];
}

export interface LTeam {
  id: string;
  key: string;
  name: string;
  displayName: string;
  description: string | null;
  color: string | null;
  icon: string | null;
  timezone: string;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  issueEstimationType: string;
  issueEstimationAllowZero: boolean;
  issueEstimationExtended: boolean;
  defaultIssueEstimate: number;
  autoArchivePeriod: number;
  autoClosePeriod: number | null;
  autoCloseStateId: string | null;
  cycleCalenderUrl: string;
  cycleCooldownTime: number;
  cycleDuration: number;
  cycleStartDay: number;
  cyclesEnabled: boolean;
  cycleIssueAutoAssignCompleted: boolean;
  cycleIssueAutoAssignStarted: boolean;
  cycleLockToActive: boolean;
  upcomingCycleCount: number;
  groupIssueHistory: boolean;
  requirePriorityToLeaveTriage: boolean;
  setIssueSortOrderOnStateChange: string;
  scimManaged: boolean;
  triageEnabled: boolean;
  inviteHash: string;
  private: boolean;
  visibility: 'public' | 'private' | 'restricted';
  activeCycleId: string | null;
  defaultIssueStateId: string | null;
  markedAsDuplicateWorkflowStateId: string | null;
  parentId: string | null;
  triageIssueStateId: string | null;
  memberIds: string[];
}

export interface LWorkflowState {
  id: string;
  name: string;
  /** triage | backlog | unstarted | started | completed | canceled */
  type: string;
  color: string;
  description: string | null;
  position: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  teamId: string;
}

export interface LCycle {
  id: string;
  number: number;
  name: string | null;
  description: string | null;
  startsAt: string;
  endsAt: string;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  teamId: string;
}

export interface LProjectStatus {
  id: string;
  name: string;
  color: string;
  description: string | null;
  type: 'backlog' | 'planned' | 'started' | 'paused' | 'completed' | 'canceled';
  position: number;
  indefinite: boolean;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

export interface LProject {
  id: string;
  name: string;
  description: string;
  content: string | null;
  contentState: string | null;
  color: string;
  icon: string | null;
  health: 'onTrack' | 'atRisk' | 'offTrack' | null;
  healthUpdatedAt: string | null;
  priority: number;
  prioritySortOrder: number;
  sortOrder: number;
  slugId: string;
  startDate: string | null;
  targetDate: string | null;
  startedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  updateRemindersDay: string | null;
  updateRemindersHour: number | null;
  completedIssueCountHistory: number[];
  completedScopeHistory: number[];
  inProgressScopeHistory: number[];
  issueCountHistory: number[];
  scopeHistory: number[];
  convertedFromIssueId: string | null;
  creatorId: string | null;
  leadId: string | null;
  statusId: string;
  teamIds: string[];
}

export interface LProjectMilestone {
  id: string;
  name: string;
  description: string | null;
  targetDate: string | null;
  sortOrder: number;
  status: 'done' | 'next' | 'overdue' | 'unstarted';
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  projectId: string;
}

export interface LIssueLabel {
  id: string;
  name: string;
  color: string;
  description: string | null;
  isGroup: boolean;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  /** null for workspace-wide labels. */
  teamId: string | null;
  parentId: string | null;
  creatorId: string | null;
}

export interface LIssue {
  id: string;
  identifier: string;
  number: number;
  title: string;
  description: string | null;
  descriptionState: string | null;
  priority: number;
  estimate: number | null;
  sortOrder: number;
  prioritySortOrder: number;
  subIssueSortOrder: number | null;
  branchName: string;
  dueDate: string | null;
  slaType: string | null;
  integrationSourceType: string | null;
  customerTicketCount: number;
  labelIds: string[];
  previousIdentifiers: string[];
  reactionData: unknown[];
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  trashed: boolean | null;
  startedAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  addedToCycleAt: string | null;
  addedToProjectAt: string | null;
  addedToTeamAt: string | null;
  assigneeId: string | null;
  creatorId: string | null;
  cycleId: string | null;
  parentId: string | null;
  projectId: string | null;
  projectMilestoneId: string | null;
  stateId: string;
  teamId: string;
  sourceCommentId: string | null;
  subscriberIds: string[];
}

export interface LComment {
  id: string;
  body: string;
  bodyData: string;
  issueId: string | null;
  parentId: string | null;
  resolvingCommentId: string | null;
  resolvingUserId: string | null;
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  archivedAt: string | null;
  resolvedAt: string | null;
  quotedText: string | null;
  reactionData: unknown[];
  /** null for comments written by integrations (GitHub, Slack sync…). */
  userId: string | null;
}

export interface LAttachment {
  id: string;
  title: string;
  subtitle: string | null;
  url: string;
  source: Record<string, unknown> | null;
  sourceType: string | null;
  metadata: Record<string, unknown>;
  groupBySource: boolean;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  issueId: string;
  creatorId: string | null;
}

export interface LIssueRelation {
  id: string;
  /** blocks | duplicate | related | similar */
  type: string;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  issueId: string;
  relatedIssueId: string;
}

/**
 * A table keeps creation order, an id index and memoised group-by indexes (comments by issueId…),
 * so nested connections stay cheap on large benchmark datasets. Call `touch()` after changing a
 * field that an index groups by.
 */
export class Table<T extends { id: string }> {
  readonly rows: T[] = [];
  readonly #byId = new Map<string, T>();
  readonly #groups = new Map<keyof T, { version: number; map: Map<unknown, T[]> }>();
  #version = 0;

  add(row: T): T {
    this.rows.push(row);
    this.#byId.set(row.id, row);
    this.#version++;
    return row;
  }

  get(id: string | null | undefined): T | undefined {
    return id == null ? undefined : this.#byId.get(id);
  }

  get size(): number {
    return this.rows.length;
  }

  touch(): void {
    this.#version++;
  }

  readonly #sorted = new Map<string, { version: number; rows: T[] }>();

  /** Rows newest first by `key` (ids break ties), memoised until the next add/touch. */
  sortedBy(key: 'createdAt' | 'updatedAt'): readonly T[] {
    let hit = this.#sorted.get(key);
    if (!hit || hit.version !== this.#version) {
      hit = { version: this.#version, rows: sortNewestFirst(this.rows, key) };
      this.#sorted.set(key, hit);
    }
    return hit.rows;
  }

  /** Rows whose `field` equals `value` (array fields such as `teamIds` match any element). */
  where(field: keyof T, value: unknown): readonly T[] {
    let group = this.#groups.get(field);
    if (!group || group.version !== this.#version) {
      const map = new Map<unknown, T[]>();
      for (const row of this.rows) {
        const v = row[field];
        for (const key of Array.isArray(v) ? v : [v]) {
          const list = map.get(key);
          if (list) list.push(row);
          else map.set(key, [row]);
        }
      }
      group = { version: this.#version, map };
      this.#groups.set(field, group);
    }
    return group.map.get(value) ?? [];
  }
}

/** ISO-8601 UTC strings sort lexically; ids break ties so pages are stable. */
export function sortNewestFirst<T>(rows: readonly T[], key: 'createdAt' | 'updatedAt'): T[] {
  const get = (row: T) => (row as Record<string, string>)[key]!;
  const id = (row: T) => (row as Record<string, string>).id!;
  return [...rows].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    if (x !== y) return x < y ? 1 : -1;
    return id(a) < id(b) ? 1 : id(a) > id(b) ? -1 : 0;
  });
}

export interface LinearData {
  /** Workspace url key: urls look like https://linear.app/<urlKey>/issue/ENG-123/… */
  urlKey: string;
  /** The user both credentials act as (`viewer`, `isMe`, author of created issues/comments). */
  viewerId: string;
  users: Table<LUser>;
  teams: Table<LTeam>;
  states: Table<LWorkflowState>;
  cycles: Table<LCycle>;
  projectStatuses: Table<LProjectStatus>;
  projects: Table<LProject>;
  milestones: Table<LProjectMilestone>;
  labels: Table<LIssueLabel>;
  issues: Table<LIssue>;
  comments: Table<LComment>;
  attachments: Table<LAttachment>;
  relations: Table<LIssueRelation>;
  /** Grows with every mutation, like Linear's sync id. */
  lastSyncId: number;
}
