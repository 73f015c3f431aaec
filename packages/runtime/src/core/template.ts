/**
 * `{name}` placeholders. Without `encode` a template is plain text (credential templates such as
 * `Bearer {token}`) and values go in as they are. With `encode` the template is a URL or a URL
 * path, and every value must keep its place in it, checked before anything is sent:
 * - a value in the host (`https://{subdomain}.vendor.example`) must be one DNS label, so config
 *   can pick a tenant's subdomain but never point the connector, and its credentials, at another
 *   host (to reach another host on purpose, pass the `baseUrl` option). A config variable the
 *   spec declares a whole host name never reaches this check: internal/config-base-url.ts fills
 *   it after its own host-name check;
 * - a value in the path must stay one segment: "", "." and ".." are refused, since the URL parser
 *   would drop or resolve them and the request would name another resource (a `/` inside a
 *   value is already percent-encoded by `encode`);
 * - text with an unpaired UTF-16 surrogate cannot be percent-encoded and is refused too.
 * A refused value is a ValidationError naming the placeholder.
 */
import { ValidationError, type ValidationIssue } from './errors.js';
import { isHostLabel } from './host-name.js';

/** A `{name}` placeholder of a path or URL template (global: use with replace or matchAll). */
export const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const NOT_A_SEGMENT = new Set(['', '.', '..']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function fillTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
  encode?: (value: string) => string,
  context?: string,
): string {
  if (!template.includes('{')) return template;
  if (!encode) return template.replace(PLACEHOLDER, (_, name: string) => text(values, name));
  const hostEnd = authorityEnd(template);
  const queryStart = template.search(/[?#]/);
  const issues: ValidationIssue[] = [];
  const filled = template.replace(PLACEHOLDER, (_, name: string, offset: number) => {
    const value = text(values, name);
    const issue =
      offset < hostEnd
        ? hostIssue(name, value)
        : queryStart === -1 || offset < queryStart
          ? segmentIssue(name, value)
          : encodingIssue(name, value);
    if (issue) {
      issues.push(issue);
      return '';
    }
    return encode(value);
  });
  if (issues.length > 0) throw new ValidationError(context ?? `${hostEnd > 0 ? 'base URL' : 'path'} ${template}`, issues);
  return filled;
}

export function templateNames(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** `scheme://{name}` followed by the end, a port, a path, a query or a fragment. */
const WHOLE_HOST = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)\{([A-Za-z_][A-Za-z0-9_]*)\}(?=[:/?#]|$)/;

/**
 * The placeholder that is the whole host of an absolute URL template (`https://{api_host}/v2`
 * gives api_host at offset 8), the only place a config variable declared `hostname` may hold a
 * whole host name. The generator's rules and the runtime read the template through this one test.
 */
export function wholeHostPlaceholder(template: string): { name: string; offset: number } | undefined {
  const match = WHOLE_HOST.exec(template);
  return match ? { name: match[2]!, offset: match[1]!.length } : undefined;
}

/** Own properties only: a placeholder named `constructor` must not read Object.prototype. */
function text(values: Readonly<Record<string, unknown>>, name: string): string {
  const value = Object.hasOwn(values, name) ? values[name] : undefined;
  return value === undefined || value === null ? '' : String(value);
}

/** Where the host (and port) of an absolute URL template ends; 0 for a path template. */
function authorityEnd(template: string): number {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(template);
  if (!scheme) return 0;
  const rest = template.slice(scheme[0].length).search(/[/?#]/);
  return rest === -1 ? template.length : scheme[0].length + rest;
}

function hostIssue(name: string, value: string): ValidationIssue | undefined {
  if (isHostLabel(value)) return undefined;
  return {
    path: name,
    rule: 'host-label',
    message:
      `must be one DNS label (letters, digits and inner hyphens, at most 63; after "xn--", valid Punycode) because it is part of the host name; ` +
      `got ${JSON.stringify(value.slice(0, 80))}. To use another host, pass the baseUrl option`,
  };
}

function segmentIssue(name: string, value: string): ValidationIssue | undefined {
  if (NOT_A_SEGMENT.has(value)) {
    return {
      path: name,
      rule: 'path-segment',
      message: `must not be ${JSON.stringify(value)}: it is placed in the URL path as one segment, and "", "." and ".." would change which resource the path names`,
    };
  }
  return encodingIssue(name, value);
}

/** False for text with an unpaired UTF-16 surrogate, which encodeURIComponent cannot encode. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

function encodingIssue(name: string, value: string): ValidationIssue | undefined {
  if (isWellFormedText(value)) return undefined;
  return { path: name, rule: 'unicode', message: 'contains an unpaired UTF-16 surrogate, which cannot be written in a URL' };
}
