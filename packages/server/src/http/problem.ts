/**
 * Every failure the service answers with, as RFC 9457 `application/problem+json`. One function
 * (`toProblem`) turns whatever was thrown — a ServiceError from a part of the service, Fastify's own
 * body/validation errors, a runtime error raised by a connector — into a problem with a stable
 * `code`, so clients (and the SDK's hosted executor) branch on `code`, never on wording.
 */
import { SwitchyardError, type Problem, type ProblemCode, type ValidationIssue } from '@switchyard/runtime';
import { PROBLEMS, PROBLEM_CONTENT_TYPE, buildProblem } from '@switchyard/runtime/internal';
import { problemFromError, problemHeaders } from '../execution/problem-from-error.js';
import { ServiceError } from '../service-error.js';

export { PROBLEM_CONTENT_TYPE };

/** The HTTP status and title each code answers with: the runtime's table, the one the SDK maps back from. */
export const PROBLEM_CODES = PROBLEMS;

/** A problem body plus the headers it needs (Retry-After). */
export interface ProblemReply {
  readonly problem: Problem;
  readonly headers: Readonly<Record<string, string>>;
  /** True when the failure is ours (5xx other than a vendor's): the caller logs it as an error. */
  readonly unexpected: boolean;
}

/** A problem of `code` with the table's title and type (its status unless another is given). */
export const problem = buildProblem;

/** Fastify's error codes for request bodies it could not accept. */
const FASTIFY_BODY_ERRORS: Readonly<Record<string, ProblemCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
};

interface FastifyLikeError {
  code?: unknown;
  statusCode?: unknown;
  validation?: readonly AjvIssue[];
  validationContext?: string;
}

/** The parts of an Ajv error object we read. */
export interface AjvIssue {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

export function toProblem(error: unknown): ProblemReply {
  if (error instanceof ServiceError) return fromServiceError(error);
  // Errors a connector raised (bad params, vendor failures) and search-not-ready: one mapping, shared
  // with the execution layer, so the hosted executor can rebuild the same runtime error class.
  if (error instanceof SwitchyardError) {
    const p = problemFromError(error);
    if (p) return ok(p, problemHeaders(p));
  }

  const e = (error ?? {}) as FastifyLikeError;
  if (Array.isArray(e.validation)) return fromSchemaValidation(e.validation, e.validationContext ?? 'body');
  const bodyCode = typeof e.code === 'string' ? FASTIFY_BODY_ERRORS[e.code] : undefined;
  if (bodyCode) return ok(problem(bodyCode, bodyDetail(e.code as string)));
  if (e.code === 'FST_ERR_NOT_FOUND') return ok(problem('not_found', 'no such route'));
  // Fastify's own 4xx (e.g. a malformed URL): a client mistake, worded by Fastify, never holding data.
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && error instanceof Error) {
    const code: ProblemCode = e.statusCode === 404 ? 'not_found' : 'invalid_request';
    return ok(problem(code, error.message, {}, e.statusCode));
  }
  return {
    problem: problem('internal_error', 'the service failed to handle this request; it has been logged'),
    headers: {},
    unexpected: true,
  };
}

function ok(p: Problem, headers: Record<string, string> = {}): ProblemReply {
  return { problem: p, headers, unexpected: false };
}

function fromServiceError(error: ServiceError): ProblemReply {
  const { status, ...members } = error.extra;
  const p = problem(error.code, error.message, members, status);
  return { problem: p, headers: problemHeaders(p), unexpected: error.code === 'internal_error' };
}

/**
 * JSON Schema failures of a request, each with its field path. A body that is not a JSON object at
 * all is a malformed request (400), not a list of field problems.
 */
function fromSchemaValidation(issues: readonly AjvIssue[], context: string): ProblemReply {
  if (context === 'body' && issues.some((i) => i.instancePath === '' && i.keyword === 'type')) {
    return ok(problem('invalid_request', 'the request body must be a JSON object'));
  }
  const errors = issues.map((issue) => ajvIssue(issue, context === 'body' ? '' : context));
  const count = errors.length === 1 ? '1 invalid field' : `${errors.length} invalid fields`;
  return ok(problem('validation_failed', `${count}: ${errors.map((i) => `${i.path || '(body)'} ${i.message}`).join('; ')}`, { errors }));
}

/** Ajv's JSON Pointer (`/credentials/0`) as the runtime writes paths (`credentials[0]`). */
export function ajvIssue(issue: AjvIssue, prefix = ''): ValidationIssue {
  let path = pointerToPath(issue.instancePath);
  const child =
    issue.keyword === 'required'
      ? issue.params['missingProperty']
      : issue.keyword === 'additionalProperties'
        ? issue.params['additionalProperty']
        : undefined;
  if (typeof child === 'string') path = path ? `${path}.${child}` : child;
  if (prefix) path = path ? `${prefix}.${path}` : prefix;
  const rule = issue.keyword === 'additionalProperties' ? 'unknown-field' : issue.keyword;
  const message = issue.keyword === 'additionalProperties' ? 'is not a known field' : (issue.message ?? `fails ${issue.keyword}`);
  return { path, rule, message };
}

function pointerToPath(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

function bodyDetail(fastifyCode: string): string {
  switch (fastifyCode) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'the request body is larger than the service accepts';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the request body is empty; send a JSON object';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'the Content-Length header does not match the body';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'the request body is not valid JSON';
    default:
      return 'send the request body as JSON with Content-Type: application/json';
  }
}
