/**
 * A small subset of Zendesk's search query language, enough for `GET /search/export`: terms
 * `field:value`, `field>value`, `field<value` (also >= and <=), quoted phrases, `-term` negation
 * and bare words matched against the text of the record. Ticket fields: status (ordered new <
 * open < pending < hold < solved < closed), priority, type, assignee, requester, group,
 * organization, brand, tags/tag, subject, description, created, updated, external_id. A `type:`
 * term is an error, as on Zendesk's export endpoint (the type goes in filter[type]).
 */
import type { Json } from './types.js';

const STATUS_ORDER = ['new', 'open', 'pending', 'hold', 'solved', 'closed'];

interface Term {
  field: string | undefined;
  op: ':' | '>' | '<' | '>=' | '<=';
  value: string;
  negate: boolean;
}

export class SearchSyntaxError extends Error {}

export function parseQuery(query: string): Term[] {
  const terms: Term[] = [];
  const re = /(-)?(?:([a-z_]+)(>=|<=|:|>|<))?("([^"]*)"|\S+)/gi;
  for (const m of query.matchAll(re)) {
    const value = m[5] ?? m[4]!;
    terms.push({ negate: m[1] === '-', field: m[2]?.toLowerCase(), op: (m[3] ?? ':') as Term['op'], value });
  }
  if (terms.some((t) => t.field === 'type')) {
    throw new SearchSyntaxError('The export endpoint takes the object type in filter[type]; remove type: from the query');
  }
  return terms;
}

function compare(actual: unknown, op: Term['op'], wanted: string, order?: string[]): boolean {
  if (op === ':') {
    if (wanted === 'none') return actual === null || actual === undefined;
    return String(actual ?? '').toLowerCase() === wanted.toLowerCase();
  }
  let a: number;
  let b: number;
  if (order) {
    a = order.indexOf(String(actual));
    b = order.indexOf(wanted.toLowerCase());
  } else {
    a = Date.parse(String(actual));
    b = Date.parse(wanted);
  }
  if (Number.isNaN(a) || Number.isNaN(b) || a < 0 || b < 0) return false;
  return op === '>' ? a > b : op === '<' ? a < b : op === '>=' ? a >= b : a <= b;
}

const TICKET_FIELDS: Record<string, (t: Json) => unknown> = {
  status: (t) => t.status,
  priority: (t) => t.priority,
  ticket_type: (t) => t.type,
  assignee: (t) => t.assignee_id,
  requester: (t) => t.requester_id,
  group: (t) => t.group_id,
  organization: (t) => t.organization_id,
  brand: (t) => t.brand_id,
  external_id: (t) => t.external_id,
  created: (t) => t.created_at,
  updated: (t) => t.updated_at,
};

export function matchesTicket(ticket: Json, terms: Term[]): boolean {
  return terms.every((term) => {
    let hit: boolean;
    const f = term.field;
    if (f === 'tags' || f === 'tag') hit = (ticket.tags as string[]).includes(term.value.toLowerCase());
    else if (f === 'subject' || f === 'description')
      hit = String(ticket[f] ?? '')
        .toLowerCase()
        .includes(term.value.toLowerCase());
    else if (f && TICKET_FIELDS[f])
      hit = compare(TICKET_FIELDS[f]!(ticket), term.op, term.value, f === 'status' ? STATUS_ORDER : undefined);
    else if (f) hit = false;
    else hit = `${String(ticket.subject)} ${String(ticket.description)}`.toLowerCase().includes(term.value.toLowerCase());
    return term.negate ? !hit : hit;
  });
}

/** Users and organizations: bare words against name (and email); `field:value` against a top-level field. */
export function matchesNamed(record: Json, terms: Term[]): boolean {
  return terms.every((term) => {
    const hit = term.field
      ? compare(record[term.field], term.op, term.value)
      : `${String(record.name)} ${String(record.email ?? '')}`.toLowerCase().includes(term.value.toLowerCase());
    return term.negate ? !hit : hit;
  });
}
