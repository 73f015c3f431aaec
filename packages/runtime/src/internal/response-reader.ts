/** Reads records, meta and the next cursor out of a vendor response as the metadata declares. */
import { AuthenticationError, MalformedResponseError, RateLimitError, VendorError } from '../core/errors.js';
import type { ActionMetadata, BodyErrorRule, PaginationRule, RateLimitReset } from '../core/metadata.js';
import { getOwn, setOwn } from '../core/own-keys.js';
import { serverRequestedDelay } from '../core/retry-policy.js';
import { parseLinkHeader } from './link-header.js';
import { derivePath, getPath } from './paths.js';
import { vendorWords } from './vendor-words.js';

/** Throws for failures reported inside a 2xx body (Slack ok:false, GraphQL errors[]). */
export interface BodyErrorContext {
  operation: string;
  rules: readonly BodyErrorRule[];
  requestIdHeaders: readonly string[];
  /** The vendor's reset header, for throttling reported inside a 2xx body without Retry-After. */
  rateLimitReset?: RateLimitReset | undefined;
  /** The request's URL: its host is kept out of the errors' `vendorMessage`. */
  url: string;
}

/**
 * The errors thrown here carry the body, code and words as received: they are thrown inside the
 * HttpClient, which redacts every error it lets out, whole, at one point (core/redact-error.ts).
 */
export function checkBodyErrors(context: BodyErrorContext, body: unknown, response: { status: number; headers: Headers }): void {
  const { operation, rules } = context;
  for (const rule of rules) {
    const value = getPath(body, rule.when);
    const fired = rule.nonEmpty ? Array.isArray(value) && value.length > 0 : value === rule.equals && value !== undefined;
    if (!fired) continue;
    const code = stringOr(getPath(body, rule.code), 'unknown_error');
    const words = rule.message ? stringOr(getPath(body, rule.message), code) : code;
    const requestId = context.requestIdHeaders.map((h) => response.headers.get(h)).find((v) => v) ?? undefined;
    // The words as data only when they say more than the code (Slack's words are its code).
    const vendorMessage = vendorWords(words !== code ? words : undefined, context.url);
    const answer = { status: response.status, headers: response.headers, body, code, requestId, vendorMessage };
    if (rule.authCodes?.includes(code)) {
      throw new AuthenticationError(`${operation} failed: the vendor refused the credentials (${code}): ${words}`, answer);
    }
    if (rule.rateLimitCodes?.includes(code)) {
      throw new RateLimitError(`${operation} was rate limited by the vendor (${code}): ${words}`, {
        ...answer,
        retryAfterMs: serverRequestedDelay(response.headers, context.rateLimitReset),
      });
    }
    throw new VendorError(`${operation} failed: the vendor reported "${code}"${words !== code ? ` (${words})` : ''}`, {
      code,
      status: response.status,
      body,
      requestId,
      vendorMessage,
    });
  }
}

export function checkSuccessFlag(operation: string, action: ActionMetadata, body: unknown, status: number): void {
  const path = action.response?.success;
  if (!path) return;
  if (getPath(body, path) !== true) {
    throw new VendorError(`${operation} failed: the vendor answered without success (${path} is not true)`, {
      code: 'unsuccessful',
      status,
      body,
    });
  }
}

/** The action's records; a list action's answer has passed checkRecordsList. */
export function readRecords(action: ActionMetadata, body: unknown): unknown {
  const rule = action.response;
  if (!rule) return body;
  const found = getPath(body, rule.records);
  const complete = (record: unknown) => {
    const filled = rule.fill ? fill(record, body, rule.fill) : record;
    if (rule.integersAsStrings) for (const path of rule.integersAsStrings) integersToDigits(filled, path);
    return rule.derive ? derive(filled, rule.derive) : filled;
  };
  if (action.returnsList) {
    const list = found as unknown[];
    return rule.derive || rule.fill || rule.integersAsStrings ? list.map(complete) : list;
  }
  return complete(found === undefined ? null : found);
}

/** Adds fields the record lacks from the body around it, without overriding what the record carries. */
function fill(record: unknown, body: unknown, fields: Readonly<Record<string, string>>): unknown {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return record;
  const out = record as Record<string, unknown>;
  for (const [name, path] of Object.entries(fields)) {
    if (out[name] !== undefined) continue;
    const value = getPath(body, path);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Replaces each integer at `path` (`[]` maps over arrays) with its decimal digits, in place. An
 * integer beyond 2^53 already arrives as its exact digits (core/vendor-json.ts); anything that is
 * not an integer (a string, null, a fraction) is left as the vendor sent it.
 */
function integersToDigits(value: unknown, path: string): void {
  const at = path.indexOf('[]');
  const head = at === -1 ? path : path.slice(0, at);
  const dot = head.lastIndexOf('.');
  const parent = dot === -1 ? value : getPath(value, head.slice(0, dot));
  const key = head.slice(dot + 1);
  if (parent === null || typeof parent !== 'object') return;
  const found = getOwn(parent, key);
  if (at === -1) {
    if (typeof found === 'number' && Number.isInteger(found)) setOwn(parent, key, String(found));
    return;
  }
  if (!Array.isArray(found)) return;
  const rest = path.slice(at + 2).replace(/^\./, '');
  for (const [i, item] of found.entries()) {
    if (rest !== '') integersToDigits(item, rest);
    else if (typeof item === 'number' && Number.isInteger(item)) found[i] = String(item);
  }
}

/**
 * Adds derived fields (assigneeId from assignee.id) without overriding what the vendor sent (own
 * keys only). A derived list (`[]` in the path) names related records, so it holds each value once,
 * in the order first seen: vendors repeat a relation (HubSpot v3 lists an associated record once
 * per association label, `contact_to_company` and `contact_to_company_unlabeled`).
 */
function derive(record: unknown, fields: Readonly<Record<string, string>>): unknown {
  if (!record || typeof record !== 'object') return record;
  for (const [name, path] of Object.entries(fields)) {
    if (getOwn(record, name) !== undefined) continue;
    const value = derivePath(record, path);
    setOwn(record, name, Array.isArray(value) ? distinct(value) : value);
  }
  return record;
}

/** Each primitive once, in first-seen order; objects and lists (a nested `[]`) are kept as they are. */
function distinct(values: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>();
  return values.filter((value) => {
    if (value !== null && typeof value === 'object') return true;
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

export function nextCursor(rule: PaginationRule | undefined, body: unknown, headers: Headers, url: string): unknown {
  if (!rule) return null;
  switch (rule.style) {
    case 'cursor': {
      if (rule.hasMore && getPath(body, rule.hasMore) === false) return null;
      const value = getPath(body, rule.next);
      if (value === undefined || value === null || value === '') return null;
      if (!rule.fromUrlParam) return value;
      return new URL(String(value), url).searchParams.get(rule.fromUrlParam);
    }
    case 'relay': {
      const info = getPath(body, rule.pageInfo) as { hasNextPage?: boolean; endCursor?: string | null } | undefined;
      return info?.hasNextPage && info.endCursor ? info.endCursor : null;
    }
    case 'link-header': {
      const next = parseLinkHeader(headers.get('link'))['next'];
      if (!next) return null;
      const value = new URL(next, url).searchParams.get(rule.fromUrlParam);
      if (value === null || value === '') return null;
      return rule.cursorType === 'integer' ? Number(value) : value;
    }
    case 'page-number': {
      const current = Number(getPath(body, rule.currentPage));
      const total = Number(getPath(body, rule.totalPages));
      if (!(Number.isFinite(current) && Number.isFinite(total) && current < total)) return null;
      return rule.cursorType === 'string' ? String(current + 1) : current + 1;
    }
  }
}

export function readMeta(action: ActionMetadata, body: unknown, headers: Headers, next: unknown): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const [member, source] of Object.entries(action.meta ?? {})) {
    if (source === '$next') setOwn(meta, member, next);
    // A member only another credential kind fills (core/variants.ts).
    else if (source === '$null') setOwn(meta, member, null);
    else if (source.startsWith('$header:')) setOwn(meta, member, headers.get(source.slice(8)));
    else {
      const value = getPath(body, source);
      setOwn(meta, member, value === undefined ? null : value);
    }
  }
  return meta;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : value === undefined || value === null ? fallback : String(value);
}

/** The start of a parsed body, for an error's `body`. */
const BODY_EXCERPT_CHARS = 500;

/**
 * A list action's answer holds a list of records where its spec says. One that does not (nothing
 * there, null, an object) is not a valid answer: a MalformedResponseError, retried for reads like
 * an answer that is not JSON, and never read as "no records", which a sync's full refresh would
 * take as every record deleted upstream.
 */
export function checkRecordsList(
  operation: string,
  action: ActionMetadata,
  body: unknown,
  response: { status: number; headers: Headers },
): void {
  const rule = action.response;
  if (!rule || !action.returnsList) return;
  const found = getPath(body, rule.records);
  if (Array.isArray(found)) return;
  const got =
    found === undefined ? 'nothing there' : found === null ? 'null' : typeof found === 'object' ? 'an object' : `a ${typeof found}`;
  const where = rule.records === '' ? 'body' : `"${rule.records}"`;
  throw new MalformedResponseError(
    `${operation}: the vendor's answer (HTTP ${response.status}) has no list of records at ${where} (got ${got})`,
    {
      status: response.status,
      headers: response.headers,
      body: (JSON.stringify(body) ?? '').slice(0, BODY_EXCERPT_CHARS),
    },
  );
}
