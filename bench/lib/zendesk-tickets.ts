/**
 * One page of Zendesk tickets for bench/request-overhead.ts (the support-desk row): tickets from
 * the support-desk fake's seeded data (test/fakes/zendesk), in Zendesk's cursor-paged list
 * envelope, marked as the last page so `tickets.list` makes exactly one request.
 */
import type { Handler, Reply } from '../../test/fakes/harness.js';
import { buildZendeskData } from '../../test/fakes/zendesk/data.js';

export const TICKETS_PATH = '/api/v2/tickets';

export function ticketsPage(count: number): { body: string; count: number } {
  const data = buildZendeskData({
    origin: 'https://acme.zendesk.com',
    contentOrigin: 'https://acme.zendesk.com',
    tickets: count,
    seed: 11,
  });
  const tickets = data.tickets.slice(0, count);
  const body = JSON.stringify({
    tickets,
    meta: { has_more: false, after_cursor: null, before_cursor: null },
    links: { next: null, prev: null },
  });
  return { body, count: tickets.length };
}

export function ticketsHandler(body: string): Handler {
  return (req): Reply => {
    if (req.path !== TICKETS_PATH) return { status: 404, body: { error: 'InvalidEndpoint', description: 'Not found' } };
    return { headers: { 'content-type': 'application/json; charset=utf-8' }, body };
  };
}
