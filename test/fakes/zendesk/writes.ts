/**
 * Ticket writes as Zendesk performs them: `{"ticket": {…}}` in, `{"ticket", "audit"}` out.
 * Create needs a comment with a body; ids must name existing users, groups and organizations;
 * a closed ticket cannot be updated; `safe_update` with a stale `updated_stamp` is a 409. Every
 * write takes the next tick of the fake's clock, so two identically seeded fakes agree.
 */
import type { FakeClock } from '../shared/clock.js';
import { isoSeconds } from '../shared/clock.js';
import type { Json, ZendeskData } from './types.js';

export interface WriteContext {
  data: ZendeskData;
  clock: FakeClock;
  /** Origin of records' `url` fields. */
  accountUrl: string;
  /** Origin of this server, for the Location header. */
  origin: string;
  /** Id of the user the credentials belong to (author of comments without author_id). */
  actorId: () => number;
}

export type WriteReply = { status: number; body: Json; headers?: Record<string, string> };

const PRIORITIES = ['urgent', 'high', 'normal', 'low'];
const STATUSES = ['new', 'open', 'pending', 'hold', 'solved', 'closed'];
const TYPES = ['problem', 'incident', 'question', 'task'];

type Details = Record<string, { description: string; error: string }[]>;

function invalid(details: Details): WriteReply {
  return { status: 422, body: { error: 'RecordInvalid', description: 'Record validation errors', details } };
}

function check(input: Json, data: ZendeskData, details: Details): void {
  const add = (field: string, description: string, error = 'InvalidValue') => (details[field] ??= []).push({ description, error });
  const exists = (rows: Json[], id: unknown) => rows.some((row) => row.id === id);
  if (input.priority !== undefined && input.priority !== null && !PRIORITIES.includes(String(input.priority)))
    add('priority', `Priority: ${String(input.priority)} is not valid`);
  if (input.status !== undefined && !STATUSES.includes(String(input.status))) add('status', `Status: ${String(input.status)} is not valid`);
  if (input.type !== undefined && input.type !== null && !TYPES.includes(String(input.type)))
    add('type', `Type: ${String(input.type)} is not valid`);
  for (const [field, rows] of [
    ['requester_id', data.users],
    ['submitter_id', data.users],
    ['assignee_id', data.users.filter((u) => u.role !== 'end-user')],
    ['group_id', data.groups.filter((g) => !g.deleted)],
    ['organization_id', data.organizations],
    ['brand_id', data.brands],
  ] as const) {
    const value = input[field];
    if (value !== undefined && value !== null && !exists(rows, value)) add(field, `${field}: ${String(value)} is not valid`);
  }
}

function commentOf(input: unknown, ctx: WriteContext, ms: number, details: Details): Json | undefined {
  if (input === undefined) return undefined;
  const c = (input ?? {}) as Json;
  const body = typeof c.body === 'string' ? c.body : typeof c.html_body === 'string' ? c.html_body.replace(/<[^>]+>/g, '') : '';
  if (body.trim() === '') {
    (details.base ??= []).push({ description: 'Description: cannot be blank', error: 'BlankValue' });
    return undefined;
  }
  const authorId = typeof c.author_id === 'number' ? c.author_id : ctx.actorId();
  const all = [...ctx.data.comments.values()].flat();
  const id = Math.max(0, ...all.map((x) => x.id as number)) + 1;
  return {
    id,
    type: 'Comment',
    author_id: authorId,
    body,
    html_body: typeof c.html_body === 'string' ? c.html_body : `<div class="zd-comment" dir="auto"><p>${body}</p></div>`,
    plain_body: body,
    public: c.public !== false,
    attachments: [],
    audit_id: id + 7,
    via: { channel: 'api', source: { from: {}, to: {}, rel: null } },
    created_at: isoSeconds(ms),
    metadata: { system: {}, custom: {} },
  };
}

function audit(ticket: Json, comment: Json | undefined, changes: [string, unknown, unknown][], ms: number, authorId: number): Json {
  const events: Json[] = [];
  let eventId = (comment?.audit_id as number | undefined) ?? ms;
  if (comment) events.push({ id: ++eventId, type: 'Comment', author_id: comment.author_id, body: comment.body, public: comment.public });
  for (const [field, previous, value] of changes)
    events.push({
      id: ++eventId,
      type: previous === undefined ? 'Create' : 'Change',
      field_name: field,
      value,
      previous_value: previous ?? null,
    });
  return {
    id: comment?.audit_id ?? eventId,
    ticket_id: ticket.id,
    created_at: isoSeconds(ms),
    author_id: authorId,
    via: { channel: 'api' },
    events,
  };
}

const SETTABLE = [
  'subject',
  'requester_id',
  'submitter_id',
  'assignee_id',
  'group_id',
  'organization_id',
  'brand_id',
  'ticket_form_id',
  'collaborator_ids',
  'priority',
  'status',
  'type',
  'problem_id',
  'tags',
  'custom_fields',
  'external_id',
  'due_at',
] as const;

export function createTicket(ctx: WriteContext, body: unknown): WriteReply {
  const input = ticketOf(body);
  if (!input)
    return { status: 400, body: { error: 'InvalidRequest', description: 'The request body must be a JSON object {"ticket": {…}}' } };
  const details: Details = {};
  check(input, ctx.data, details);
  const ms = ctx.clock.tick();
  const comment = input.comment === undefined ? undefined : commentOf(input.comment, ctx, ms, details);
  if (input.comment === undefined) (details.base ??= []).push({ description: 'Description: cannot be blank', error: 'BlankValue' });
  let requesterId = input.requester_id as number | undefined;
  const requester = input.requester as Json | undefined;
  if (requesterId === undefined && requester && typeof requester.email === 'string') {
    const found = ctx.data.users.find((u) => u.email === requester.email);
    requesterId = found ? (found.id as number) : newEndUser(ctx, requester, ms);
  }
  requesterId ??= ctx.actorId();
  if (Object.keys(details).length) return invalid(details);
  const id = Math.max(...ctx.data.tickets.map((t) => t.id as number)) + 1;
  const requesterRow = ctx.data.users.find((u) => u.id === requesterId)!;
  const ticket: Json = {
    url: `${ctx.accountUrl}/api/v2/tickets/${id}.json`,
    id,
    external_id: null,
    via: { channel: 'api', source: { from: {}, to: {}, rel: null } },
    created_at: isoSeconds(ms),
    updated_at: isoSeconds(ms),
    generated_timestamp: Math.floor(ms / 1000),
    type: null,
    subject: null,
    raw_subject: null,
    description: comment!.body,
    priority: null,
    status: input.assignee_id ? 'open' : 'new',
    custom_status_id: null,
    recipient: null,
    requester_id: requesterId,
    submitter_id: ctx.actorId(),
    assignee_id: null,
    organization_id: requesterRow.organization_id ?? null,
    group_id: null,
    collaborator_ids: [],
    follower_ids: [],
    email_cc_ids: [],
    forum_topic_id: null,
    problem_id: null,
    has_incidents: false,
    is_public: comment!.public,
    due_at: null,
    tags: [],
    custom_fields: ctx.data.ticketFields.filter((f) => (f.id as number) >= 360_005_000 && f.active).map((f) => ({ id: f.id, value: null })),
    satisfaction_rating: null,
    sharing_agreement_ids: [],
    ticket_form_id: 360_000_900,
    brand_id: ctx.data.brands[0]!.id,
    allow_channelback: false,
    allow_attachments: true,
    from_messaging_channel: false,
  };
  const changes = apply(ticket, input);
  if (typeof input.subject === 'string') ticket.raw_subject = input.subject;
  ctx.data.tickets.push(ticket);
  ctx.data.comments.set(id, [comment!]);
  return {
    status: 201,
    headers: { location: `${ctx.origin}/api/v2/tickets/${id}.json` },
    body: { ticket, audit: audit(ticket, comment, changes, ms, ctx.actorId()) },
  };
}

export function updateTicket(ctx: WriteContext, ticket: Json, body: unknown): WriteReply {
  const input = ticketOf(body);
  if (!input)
    return { status: 400, body: { error: 'InvalidRequest', description: 'The request body must be a JSON object {"ticket": {…}}' } };
  if (input.safe_update === true) {
    if (typeof input.updated_stamp !== 'string') {
      return invalid({ updated_stamp: [{ description: 'updated_stamp is required with safe_update', error: 'BlankValue' }] });
    }
    if (Date.parse(input.updated_stamp) !== Date.parse(String(ticket.updated_at))) {
      return {
        status: 409,
        body: {
          error: 'UpdateConflict',
          description: 'Safe Update prevented the update due to outdated ticket data. Please fetch the latest ticket data and try again.',
        },
      };
    }
  }
  if (ticket.status === 'closed') {
    return invalid({ status: [{ description: 'Status: closed prevents ticket update', error: 'ClosedPreventsUpdate' }] });
  }
  const details: Details = {};
  check(input, ctx.data, details);
  const ms = ctx.clock.tick();
  const comment = commentOf(input.comment, ctx, ms, details);
  if (Object.keys(details).length) return invalid(details);
  const changes = apply(ticket, input);
  if (typeof input.subject === 'string') ticket.raw_subject = input.subject;
  if (comment) {
    ctx.data.comments.get(ticket.id as number)!.push(comment);
    if (comment.public) ticket.is_public = true;
  }
  ticket.updated_at = isoSeconds(ms);
  ticket.generated_timestamp = Math.floor(ms / 1000);
  return { status: 200, body: { ticket, audit: audit(ticket, comment, changes, ms, ctx.actorId()) } };
}

function apply(ticket: Json, input: Json): [string, unknown, unknown][] {
  const changes: [string, unknown, unknown][] = [];
  for (const field of SETTABLE) {
    if (input[field] === undefined) continue;
    if (field === 'custom_fields') {
      const current = ticket.custom_fields as Json[];
      for (const cf of input.custom_fields as Json[]) {
        const slot = current.find((x) => x.id === cf.id);
        if (slot) slot.value = cf.value ?? null;
        else current.push({ id: cf.id, value: cf.value ?? null });
      }
      continue;
    }
    changes.push([field, ticket[field], input[field]]);
    ticket[field] = input[field];
  }
  return changes;
}

function ticketOf(body: unknown): Json | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const ticket = (body as Json).ticket;
  return ticket && typeof ticket === 'object' && !Array.isArray(ticket) ? (ticket as Json) : undefined;
}

function newEndUser(ctx: WriteContext, requester: Json, ms: number): number {
  const id = Math.max(...ctx.data.users.map((u) => u.id as number)) + 1;
  ctx.data.users.push({
    id,
    url: `${ctx.accountUrl}/api/v2/users/${id}.json`,
    name: typeof requester.name === 'string' ? requester.name : String(requester.email).split('@')[0],
    email: requester.email,
    role: 'end-user',
    active: true,
    verified: false,
    suspended: false,
    organization_id: null,
    alias: null,
    phone: null,
    details: null,
    notes: null,
    tags: [],
    user_fields: {},
    created_at: isoSeconds(ms),
    updated_at: isoSeconds(ms),
  });
  return id;
}
