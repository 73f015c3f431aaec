/**
 * Semantic rules of `hostname`, which lets a config variable hold a whole host name
 * (`company-17.api.gong.io`) instead of one DNS label. The runtime checks only host-name syntax;
 * what keeps a tenant's setting, and the credentials sent with it, on the vendor's hosts is the
 * variable's `pattern`. So the generator makes sure there is one that closes the host:
 * - SY129: a pattern is declared, every top-level alternative ends in `$` (a pattern open at the
 *   end lets `api.vendor.com.attacker.example` through), and it refuses hosts of domains no vendor
 *   owns (RFC 2606's example.com, example.org and .invalid), which `^.*$` or `^[a-z.]+$` would take;
 * - SY130: the flag sits where the runtime reads it: a top-level string config variable, without
 *   substitutes or format, placed as the whole host of every base URL that uses it (the runtime
 *   allows dots only there, see wholeHostPlaceholder).
 * A default is judged by the runtime's own validator with the rest of the rule (SY113).
 */
import { templateNames, wholeHostPlaceholder } from '@switchyard/runtime/internal';
import type { RuleReport, SpecPath } from '../spec/problems.js';
import type { SpecData, SpecParam } from '../spec/spec-types.js';

export const HOSTNAME_RULES = {
  SY129: 'hostname-pattern-open',
  SY130: 'hostname-not-whole-host',
} as const;

type HostnameReport = RuleReport<keyof typeof HOSTNAME_RULES>;

/** Hosts of domains reserved for documentation and for names that never resolve (RFC 2606): no vendor's. */
const FOREIGN_HOSTS = ['example.com', 'api.example.org', 'attacker.invalid'];
const PATTERN_HINT = "close the host with the vendor's domain at the end, e.g. '^(?:[a-z0-9-]+\\.)?api\\.vendor\\.com$'";

export function checkHostnames(data: SpecData, report: HostnameReport): void {
  const baseUrls: [SpecPath, string][] = [
    [['baseUrl'], data.baseUrl],
    ...Object.entries(data.auth).flatMap(([kind, k]) =>
      k.baseUrl === undefined ? [] : [[['auth', kind, 'baseUrl'], k.baseUrl] as [SpecPath, string]],
    ),
  ];
  for (const [name, param] of Object.entries(data.config ?? {})) {
    const path: SpecPath = ['config', name];
    nestedHostnames(param, path, report);
    if (param.hostname !== true) continue;
    const flag: SpecPath = [...path, 'hostname'];
    const misuse = [
      param.type !== 'string' ? `is of type ${param.type}, not string` : undefined,
      param.substitutes ? 'has substitutes, whose texts take its place in the URL' : undefined,
      param.format ? `has format ${param.format}` : undefined,
    ].filter((reason): reason is string => reason !== undefined);
    for (const reason of misuse)
      report(
        flag,
        'SY130',
        `config variable ${name} is declared a host name but ${reason}`,
        'remove hostname, or make it a plain string variable',
      );
    const uses = baseUrls.filter(([, url]) => templateNames(url).includes(name));
    if (uses.length === 0)
      report(
        flag,
        'SY130',
        `config variable ${name} is declared a host name but no base URL uses {${name}}`,
        `write baseUrl: https://{${name}}/… or remove hostname`,
      );
    for (const [, url] of uses) {
      const whole = wholeHostPlaceholder(url)?.name === name && templateNames(url).filter((n) => n === name).length === 1;
      if (!whole)
        report(
          flag,
          'SY130',
          `config variable ${name} is declared a host name but is not the whole host of ${url}`,
          `write the base URL as https://{${name}}/…, or remove hostname to keep the value one DNS label`,
        );
    }
    checkPattern(name, param, path, report);
  }
  for (const [entity, spec] of Object.entries(data.entities)) {
    for (const [action, a] of Object.entries(spec.actions)) {
      for (const [name, param] of Object.entries(a.params ?? {})) {
        const path: SpecPath = ['entities', entity, 'actions', action, 'params', name];
        if (param.hostname !== undefined) notConfig(report, [...path, 'hostname'], `${entity}.${action}: parameter ${name}`);
        nestedHostnames(param, path, report);
      }
    }
  }
  for (const [name, param] of Object.entries(data.replication ?? {})) {
    const path: SpecPath = ['replication', name];
    if (param.hostname !== undefined) notConfig(report, [...path, 'hostname'], `replication setting ${name}`);
    nestedHostnames(param, path, report);
  }
}

function checkPattern(name: string, param: SpecParam, path: SpecPath, report: HostnameReport): void {
  if (param.pattern === undefined) {
    report(
      [...path, 'hostname'],
      'SY129',
      `config variable ${name} is declared a host name but has no pattern, so any host would receive the credentials`,
      PATTERN_HINT,
    );
    return;
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(param.pattern);
  } catch {
    return; // SY116 reports it.
  }
  if (!topLevelAlternatives(param.pattern).every(endsInAnchor)) {
    report(
      [...path, 'pattern'],
      'SY129',
      `config variable ${name} is declared a host name but its pattern is not anchored at the end in every alternative, so a host can go on past the vendor's domain`,
      PATTERN_HINT,
    );
    return;
  }
  const foreign = FOREIGN_HOSTS.find((host) => pattern.test(host));
  if (foreign !== undefined)
    report(
      [...path, 'pattern'],
      'SY129',
      `config variable ${name} is declared a host name but its pattern accepts ${foreign}, a host of another domain`,
      PATTERN_HINT,
    );
}

/** The pattern's alternatives at the top level: `|` outside groups and character classes. */
function topLevelAlternatives(pattern: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      alternatives.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  alternatives.push(pattern.slice(start));
  return alternatives;
}

/** Ends in `$` that is not escaped (an even run of backslashes before it). */
function endsInAnchor(alternative: string): boolean {
  if (!alternative.endsWith('$')) return false;
  const backslashes = /\\*$/.exec(alternative.slice(0, -1))![0].length;
  return backslashes % 2 === 0;
}

function notConfig(report: HostnameReport, path: SpecPath, what: string): void {
  report(path, 'SY130', `${what} has hostname, which only config variables in the base URL's host use`, 'remove hostname');
}

/** `hostname` below the top level (array items, object properties) is never read. */
function nestedHostnames(param: SpecParam, path: SpecPath, report: HostnameReport): void {
  const children: [SpecPath, SpecParam][] = [
    ...(param.items ? [[[...path, 'items'], param.items] as [SpecPath, SpecParam]] : []),
    ...Object.entries(param.properties ?? {}).map(([k, v]) => [[...path, 'properties', k], v] as [SpecPath, SpecParam]),
  ];
  for (const [childPath, child] of children) {
    if (child.hostname !== undefined) notConfig(report, [...childPath, 'hostname'], childPath.join('.'));
    nestedHostnames(child, childPath, report);
  }
}
