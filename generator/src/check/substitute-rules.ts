/**
 * Semantic rules of `substitutes`, the table that lets a config variable's enum value stand for
 * other text in baseUrl (region EU → host api.eu.intercom.io). The runtime trusts that text (it
 * is the spec author's, not the caller's), so the generator makes sure it is what the author
 * meant: only on top-level config variables that appear in baseUrl, exactly one entry per enum
 * value, and no text that would itself read as a placeholder.
 */
import { templateNames } from '@switchyard/runtime/internal';
import type { SpecData, SpecParam } from '../spec/spec-types.js';

export type SubstitutesReport = (path: (string | number)[], message: string, hint: string) => void;

export function checkSubstitutes(data: SpecData, report: SubstitutesReport): void {
  const inBaseUrl = new Set(templateNames(data.baseUrl));
  for (const [name, param] of Object.entries(data.config ?? {})) {
    const path = ['config', name];
    nestedSubstitutes(param, path, report);
    if (param.substitutes) checkTable(report, path, name, param, param.substitutes, inBaseUrl);
  }
  onlyConfigSubstitutes(data, report);
}

/** A config variable's table: its placeholder is in baseUrl, one entry per enum value, each literal URL text. */
function checkTable(
  report: SubstitutesReport,
  path: (string | number)[],
  name: string,
  param: SpecParam,
  table: Record<string, string>,
  inBaseUrl: ReadonlySet<string>,
): void {
  if (!inBaseUrl.has(name)) {
    report(
      [...path, 'substitutes'],
      `config variable ${name} has substitutes but baseUrl has no {${name}}`,
      `put {${name}} in baseUrl or remove substitutes`,
    );
  }
  if (!param.enum) {
    report(
      [...path, 'substitutes'],
      `config variable ${name} has substitutes but no enum, so a caller's value could have no entry`,
      `add enum: [${Object.keys(table).join(', ')}]`,
    );
    return;
  }
  const values = param.enum.map(String);
  const missing = values.filter((v) => !Object.hasOwn(table, v));
  if (missing.length) {
    report([...path, 'substitutes'], `config variable ${name}: no substitute for ${missing.join(', ')}`, 'give every enum value an entry');
  }
  for (const key of Object.keys(table).filter((k) => !values.includes(k))) {
    report(
      [...path, 'substitutes', key],
      `config variable ${name}: substitute for ${key}, which is not an enum value`,
      `add ${key} to enum or remove the entry`,
    );
  }
  for (const [key, text] of Object.entries(table)) {
    if (/[{}]/.test(text) || text.trim() !== text || text === '') {
      report(
        [...path, 'substitutes', key],
        `config variable ${name}: substitute for ${key} is empty, has surrounding spaces or a brace`,
        'write the literal text that goes in the URL, such as api.eu.example.com',
      );
    }
  }
}

/** Params and replication settings never reach baseUrl: a table there would have no effect. */
function onlyConfigSubstitutes(data: SpecData, report: SubstitutesReport): void {
  for (const [entity, spec] of Object.entries(data.entities)) {
    for (const [action, a] of Object.entries(spec.actions)) {
      for (const [name, param] of Object.entries(a.params ?? {})) {
        const path = ['entities', entity, 'actions', action, 'params', name];
        if (param.substitutes)
          report(
            [...path, 'substitutes'],
            `${entity}.${action}: parameter ${name} has substitutes, which only config variables use`,
            'remove substitutes',
          );
        nestedSubstitutes(param, path, report);
      }
    }
  }
  for (const [name, param] of Object.entries(data.replication ?? {})) {
    const path = ['replication', name];
    if (param.substitutes)
      report(
        [...path, 'substitutes'],
        `replication setting ${name} has substitutes, which only config variables use`,
        'remove substitutes',
      );
    nestedSubstitutes(param, path, report);
  }
}

/** `substitutes` below the top level (array items, object properties) is never read. */
function nestedSubstitutes(param: SpecParam, path: (string | number)[], report: SubstitutesReport): void {
  const children: [(string | number)[], SpecParam][] = [
    ...(param.items ? [[[...path, 'items'], param.items] as [(string | number)[], SpecParam]] : []),
    ...Object.entries(param.properties ?? {}).map(([k, v]) => [[...path, 'properties', k], v] as [(string | number)[], SpecParam]),
  ];
  for (const [childPath, child] of children) {
    if (child.substitutes)
      report(
        [...childPath, 'substitutes'],
        `${childPath.join('.')}: substitutes only apply to top-level config variables`,
        'remove substitutes',
      );
    nestedSubstitutes(child, childPath, report);
  }
}
