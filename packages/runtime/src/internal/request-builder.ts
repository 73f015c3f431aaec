/**
 * Turns validated params into an HTTP request as the action's metadata declares it. The last
 * checks that only make sense on the wire happen here, still before any I/O: path values must
 * stay one segment (see template.ts), header values must be header text (header-rules.ts), and
 * query text must be encodable.
 */
import { ValidationError, type ValidationIssue } from '../core/errors.js';
import type { ActionMetadata, ParamRule } from '../core/metadata.js';
import { selectionDocument } from '../core/field-selection.js';
import { setPath } from './paths.js';
import { headerIssues } from './header-rules.js';
import { fillTemplate, isWellFormedText } from '../core/template.js';

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | URLSearchParams;
  /** Headers for the file request of a two-step download. */
  fileHeaders: Record<string, string>;
  /** Parameters used to pick the file of a two-step download. */
  select: Record<string, unknown>;
}

/** `operation` names the call in errors (`messaging users.get`). */
export function buildRequest(
  baseUrl: string,
  action: ActionMetadata,
  params: Record<string, unknown>,
  operation = `${action.entity}.${action.action}`,
): BuiltRequest {
  const request = action.request!;
  const issues: ValidationIssue[] = [];
  const headers: Record<string, string> = { ...request.headers };
  const fileHeaders: Record<string, string> = {};
  const select: Record<string, unknown> = {};
  const query: string[] = [];
  const pathValues: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const variables: Record<string, unknown> = {};
  let hasBody = false;

  const pagination = action.pagination;
  // Harvest v3 style: a cursor request must carry the cursor alone.
  const exclusiveCursor =
    pagination?.style === 'link-header' && pagination.exclusive && params[pagination.cursorParam] !== undefined
      ? pagination.cursorParam
      : undefined;

  for (const [name, given] of Object.entries(params)) {
    if (given === undefined) continue;
    // validateParams already refused unknown keys; own-property lookup keeps that true here too.
    if (!Object.hasOwn(action.params, name)) {
      issues.push({ path: name, rule: 'unknown', message: 'is not a known parameter' });
      continue;
    }
    const rule = action.params[name] as ParamRule;
    const wire = rule.as ?? name;
    const value = wireValue(rule, given);
    switch (rule.in) {
      case 'path':
        pathValues[name] = value;
        break;
      case 'query':
        if (value === null || (exclusiveCursor && name !== exclusiveCursor)) break;
        if (hasLoneSurrogate(value)) {
          issues.push({ path: name, rule: 'unicode', message: 'contains an unpaired UTF-16 surrogate, which cannot be written in a URL' });
          break;
        }
        appendQuery(query, wire, value, rule);
        break;
      case 'header':
        if (value !== null && headerValue(name, wire, value, issues)) headers[wire] = String(value);
        break;
      case 'file-header':
        if (value !== null && headerValue(name, wire, value, issues)) fileHeaders[wire] = String(value);
        break;
      case 'select':
        select[name] = value;
        break;
      case 'variables':
        setPath(variables, wire, value);
        break;
      default:
        // URLSearchParams would silently turn an unpaired surrogate into U+FFFD.
        if (request.bodyFormat === 'form' && hasLoneSurrogate(value)) {
          issues.push({ path: name, rule: 'unicode', message: 'contains an unpaired UTF-16 surrogate, which cannot be form-encoded' });
          break;
        }
        setPath(body, wire, value);
        hasBody = true;
    }
  }

  let path = '';
  try {
    path = fillTemplate(request.path, pathValues, encodeURIComponent, operation);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    issues.push(...error.issues);
  }
  if (issues.length > 0) throw new ValidationError(operation, issues);
  const queryString = query.join('&');
  const url = `${baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
  const built: BuiltRequest = { method: request.method, url, headers, fileHeaders, select };

  if (request.graphql) {
    headers['content-type'] = 'application/json';
    const { selection } = request.graphql;
    // With run-time field selection the caller's `fields` choose the document; otherwise it is fixed.
    const document = selection ? selectionDocument(operation, selection, params[selection.param]) : request.graphql.document;
    built.body = JSON.stringify({ query: document, variables, operationName: request.graphql.operationName });
  } else if (hasBody || (request.method !== 'GET' && request.method !== 'DELETE')) {
    const payload = request.envelope ? { [request.envelope]: body } : body;
    if (request.bodyFormat === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      built.body = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    } else {
      headers['content-type'] = 'application/json; charset=utf-8';
      built.body = JSON.stringify(payload);
    }
  }
  return built;
}

/** Header parameters follow the transport's header rules; the issue names the parameter. */
/**
 * A value as it travels: a declared `drop` removes its matches (the rest trimmed), then a declared
 * `prefix` completes it (`refs/heads/` + branch). Callers pass the value alone.
 */
function wireValue(rule: ParamRule, given: unknown): unknown {
  if (typeof given !== 'string') return given;
  const dropped = rule.drop ? given.replace(globally(rule.drop), '').trim() : given;
  return rule.prefix !== undefined ? rule.prefix + dropped : dropped;
}

/** `replace` removes every match only with the g flag; metadata written by hand may lack it. */
function globally(pattern: RegExp): RegExp {
  return pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
}

function headerValue(name: string, wire: string, value: unknown, issues: ValidationIssue[]): boolean {
  const found = headerIssues({ [wire]: String(value) }, name);
  for (const issue of found) issues.push({ ...issue, path: name });
  return found.length === 0;
}

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !isWellFormedText(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  return false;
}

/** Builds `key=value` pairs with the same encoding as URLSearchParams, without its overhead. */
function appendQuery(query: string[], key: string, value: unknown, rule: ParamRule): void {
  const pair = (v: string) => query.push(`${formEncode(key)}=${formEncode(v)}`);
  if (Array.isArray(value)) {
    if (rule.style === 'repeat') for (const item of value) pair(String(item));
    else pair(value.map(String).join(','));
  } else if (typeof value === 'object') {
    pair(JSON.stringify(value));
  } else {
    pair(String(value));
  }
}

/** application/x-www-form-urlencoded, as URLSearchParams writes it (spaces as +). */
function formEncode(text: string): string {
  return /^[A-Za-z0-9_.*-]*$/.test(text)
    ? text
    : encodeURIComponent(text)
        .replace(/%20/g, '+')
        .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
