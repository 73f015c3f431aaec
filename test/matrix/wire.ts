/**
 * What a request must look like on the wire, worked out from an action's metadata alone (the
 * documented meaning of `request`, `in`, `as`, `default`, `style`, `envelope`, `bodyFormat` and
 * `graphql`), independently of the runtime's request builder. The matrix compares what the fake
 * recorded with this.
 */
import type { ActionMetadata, GraphqlSelection, ParamRule } from '@switchyard/runtime';
import type { RecordedRequest } from '../fakes/harness.js';
import type { Params } from './fixture.js';

export interface ExpectedRequest {
  method: string;
  /** Path as the fake records it: the base path, then the template with percent-encoded values. */
  path: string;
  /** Query as the fake parses it (a repeated key becomes an array). */
  query: Record<string, string | string[]>;
  /** Parsed body (JSON, or form fields as strings), or undefined when no body must be sent. */
  body: unknown;
  bodyFormat: 'json' | 'form' | 'none';
  /** Headers that parameters put on the request, lower-case names. */
  headers: Record<string, string>;
}

/** Params as validation hands them on: declared defaults filled in, undefined values dropped. */
export function withDefaults(action: ActionMetadata, params: Params): Params {
  const out: Params = {};
  for (const [name, rule] of Object.entries(action.params)) {
    const value = params[name] === undefined ? rule.default : params[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Where a parameter travels; the metadata's documented default is query for GET, body otherwise. */
export function locationOf(action: ActionMetadata, rule: ParamRule): NonNullable<ParamRule['in']> {
  if (rule.in) return rule.in;
  return action.request?.method === 'GET' || action.request?.method === 'DELETE' ? 'query' : 'body';
}

export function expectedRequest(action: ActionMetadata, given: Params, basePath: string): ExpectedRequest {
  const request = action.request;
  if (!request) throw new Error(`${action.entity}.${action.action} sends no request`);
  const params = withDefaults(action, given);
  const pagination = action.pagination;
  const exclusiveCursor =
    pagination?.style === 'link-header' && pagination.exclusive && params[pagination.cursorParam] !== undefined
      ? pagination.cursorParam
      : undefined;

  const query: Record<string, string | string[]> = {};
  const headers: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  const variables: Record<string, unknown> = {};
  let hasBody = false;
  let path = request.path;

  for (const [name, given] of Object.entries(params)) {
    const rule = action.params[name]!;
    const wire = rule.as ?? name;
    // `prefix`: the wire carries prefix + the caller's string (refs/heads/ + a branch name).
    const value = rule.prefix !== undefined && typeof given === 'string' ? rule.prefix + given : given;
    switch (locationOf(action, rule)) {
      case 'path':
        path = path.split(`{${name}}`).join(encodeURIComponent(String(value)));
        break;
      case 'query':
        if (value === null || (exclusiveCursor && name !== exclusiveCursor)) break;
        addQuery(query, wire, value, rule);
        break;
      case 'header':
        if (value !== null) headers[wire.toLowerCase()] = String(value);
        break;
      case 'variables':
        setPath(variables, wire, value);
        break;
      case 'body':
        setPath(body, wire, value);
        hasBody = true;
        break;
      // `select` picks a file from the first response and `file-header` goes on the file request:
      // neither is part of the action's own request.
      case 'select':
      case 'file-header':
        break;
    }
  }

  const expected: ExpectedRequest = {
    method: request.method,
    path: `${basePath}${path}`,
    query,
    body: undefined,
    bodyFormat: 'none',
    headers,
  };
  if (request.graphql) {
    const { selection } = request.graphql;
    const query = selection ? selectedDocument(selection, params[selection.param]) : request.graphql.document;
    expected.body = { query, variables, operationName: request.graphql.operationName };
    expected.bodyFormat = 'json';
  } else if (hasBody || (request.method !== 'GET' && request.method !== 'DELETE')) {
    const payload = request.envelope ? { [request.envelope]: body } : body;
    if (request.bodyFormat === 'form') {
      expected.body = Object.fromEntries(
        Object.entries(payload).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
      );
      expected.bodyFormat = 'form';
    } else {
      expected.body = payload;
      expected.bodyFormat = 'json';
    }
  }
  return expected;
}

/**
 * The document of a GraphQL action with run-time field selection, from the metadata's documented
 * pieces: the operation, then every fragment needed (the selection fragment holding the chosen
 * fields in the fragment's order) sorted by name, separated by blank lines.
 */
function selectedDocument(selection: GraphqlSelection, requested: unknown): string {
  const wanted = new Set((requested as string[] | undefined) ?? selection.default);
  const fields = Object.entries(selection.fields).filter(([name]) => wanted.has(name));
  const needed = new Set([selection.fragment, ...selection.requires, ...fields.flatMap(([, f]) => f.fragments)]);
  const body = fields.map(([, f]) => f.text.replace(/^/gm, '  ')).join('\n');
  const own = `fragment ${selection.fragment} on ${selection.on} {\n${body}\n}`;
  return [selection.operation, ...[...needed].sort().map((name) => (name === selection.fragment ? own : selection.fragments[name]))].join(
    '\n\n',
  );
}

function addQuery(query: Record<string, string | string[]>, key: string, value: unknown, rule: ParamRule): void {
  const add = (text: string) => {
    const prev = query[key];
    query[key] = prev === undefined ? text : Array.isArray(prev) ? [...prev, text] : [prev, text];
  };
  if (Array.isArray(value)) {
    if (rule.style === 'repeat') for (const item of value) add(String(item));
    else add(value.map(String).join(','));
  } else if (typeof value === 'object') add(JSON.stringify(value));
  else add(String(value));
}

/** Sets a dot path (`input.teamId`) in `target`, creating objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/** Reads a dot path; numeric segments index arrays (`errors.0.message`). */
export function getPath(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Builds a JSON value with `value` at a dot path; numeric segments make arrays (`errors.0.message`). */
export function buildAtPath(target: unknown, path: string, value: unknown): unknown {
  const [head, ...rest] = path.split('.');
  const index = /^\d+$/.test(head!) ? Number(head) : undefined;
  const container: any = target ?? (index === undefined ? {} : []);
  const key = index ?? head!;
  container[key] = rest.length === 0 ? value : buildAtPath(container[key], rest.join('.'), value);
  return container;
}

/** The value a recorded request carries for parameter `name`, wherever the action puts it. */
export function wireValue(request: RecordedRequest, action: ActionMetadata, name: string): unknown {
  const rule = action.params[name]!;
  const sent = wireValueAsSent(request, action, name);
  // The caller's value: a declared prefix was added on the way out.
  return rule.prefix !== undefined && typeof sent === 'string' && sent.startsWith(rule.prefix) ? sent.slice(rule.prefix.length) : sent;
}

function wireValueAsSent(request: RecordedRequest, action: ActionMetadata, name: string): unknown {
  const rule = action.params[name]!;
  const wire = rule.as ?? name;
  const parsed = request.rawBody === '' ? undefined : safeJson(request.rawBody);
  switch (locationOf(action, rule)) {
    case 'query':
      return request.query[wire];
    case 'header':
      return request.headers[wire.toLowerCase()];
    case 'variables':
      return getPath((parsed as { variables?: unknown } | undefined)?.variables, wire);
    case 'body': {
      const envelope = action.request?.envelope;
      const source = action.request?.bodyFormat === 'form' ? request.body : parsed;
      return getPath(envelope ? getPath(source, envelope) : source, wire);
    }
    default:
      return undefined;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What the recorded request carried, in the shape of `ExpectedRequest`. */
export function recorded(request: RecordedRequest, format: ExpectedRequest['bodyFormat']): Omit<ExpectedRequest, 'headers' | 'bodyFormat'> {
  const body = request.rawBody === '' ? undefined : format === 'json' ? safeJson(request.rawBody) : request.body;
  return { method: request.method, path: request.path, query: request.query, body };
}
