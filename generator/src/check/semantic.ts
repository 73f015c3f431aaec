/**
 * Rules a JSON Schema cannot express. Each has a stable code, a message naming the offending
 * element and a hint. All rules run; every problem is reported at once. This module runs the rule
 * families in order; each family is its own module (one rule a small named function) and declares
 * its codes, which RULES gathers.
 */
import { basename } from 'node:path';
import type { ParsedGraphql } from '../spec/graphql.js';
import { positionOf, type LoadedSpec } from '../load/yaml.js';
import type { Problem, SpecPath } from '../spec/problems.js';
import type { SpecData } from '../spec/spec-types.js';
import { ACTION_RULES, checkAction } from './action-rules.js';
import { AUTH_RULES, checkAuth, checkBaseUrl } from './auth-rules.js';
import { checkFormatRules, FORMAT_RULES } from './format-rules.js';
import { checkSelect, GRAPHQL_RULES } from './graphql-rules.js';
import { checkHostnames, HOSTNAME_RULES } from './hostname-rules.js';
import { checkParamSet, PARAM_RULES } from './param-rules.js';
import { checkEntityRecord, checkIntegersAsStrings, checkRecordReferences, RECORD_RULES, recordFieldNames } from './record-rules.js';
import { checkSubstitutes } from './substitute-rules.js';
import { checkSync, SYNC_RULES } from './sync-rules.js';
import { checkTypesAndRules, TYPE_RULES } from './type-rules.js';
import { checkVariants, VARIANT_RULES } from './variant-rules.js';

export const RULES = {
  ...TYPE_RULES,
  ...FORMAT_RULES,
  ...VARIANT_RULES,
  ...HOSTNAME_RULES,
  ...ACTION_RULES,
  ...AUTH_RULES,
  ...GRAPHQL_RULES,
  ...PARAM_RULES,
  ...RECORD_RULES,
  ...SYNC_RULES,
  SY120: 'name-file-mismatch',
  SY128: 'config-substitutes-mismatch',
} as const;

/** `graphql` is the spec's GraphQL as parseSpecGraphql parsed it (once, for these rules and the IR alike). */
export function checkSemantics(spec: LoadedSpec, graphql: ParsedGraphql): Problem[] {
  const data = spec.data as SpecData;
  const problems: Problem[] = [];
  const report = (path: SpecPath, code: keyof typeof RULES, message: string, hint: string) => {
    problems.push({ file: spec.file, ...positionOf(spec, path), code, message: `${message} (${RULES[code]})`, hint });
  };
  const records = data.records ?? {};
  // Named types, cross-field rules and nested searchable paths (type-rules.ts).
  checkTypesAndRules(data, report);
  // Rate-limit groups and keys that would have no effect (format-rules.ts).
  checkFormatRules(data, report);
  // Credential-kind variants of actions (variant-rules.ts).
  checkVariants(data, report);
  checkNameMatchesFile(spec.file, data, report);
  checkRecordReferences(data, report);
  checkIntegersAsStrings(data, report);
  checkAuth(data, report);
  checkBaseUrl(data, report);
  checkParamSet(report, ['config'], data.config ?? {});
  checkSubstitutes(data, (path, message, hint) => report(path, 'SY128', message, hint));
  // Config variables that are whole host names, and the patterns that keep them on the vendor's hosts (hostname-rules.ts).
  checkHostnames(data, report);
  checkParamSet(report, ['replication'], data.replication ?? {});

  for (const [entityName, entity] of Object.entries(data.entities)) {
    const entityPath: SpecPath = ['entities', entityName];
    checkEntityRecord(report, entityPath, entityName, entity, records);
    for (const [actionName, action] of Object.entries(entity.actions)) {
      const site = {
        path: [...entityPath, 'actions', actionName],
        entityName,
        actionName,
        action,
        searchable: entity.searchable,
        entityRecord: entity.record,
        records,
        graphql: graphql.get(`${entityName}.${actionName}`),
      };
      checkAction(report, site);
      checkSelect(data, report, site);
    }
    const recordFields = entity.record && records[entity.record] ? recordFieldNames(records[entity.record]!) : undefined;
    checkSync(report, entityPath, entityName, entity, data.entities, recordFields);
  }
  return problems.sort((a, b) => a.line - b.line || a.col - b.col);
}

/**
 * The name decides the package (@switchyard/connector-<name>) and its folder; the file must say the
 * same, or two specs could silently generate into one package.
 */
function checkNameMatchesFile(
  file: string,
  data: SpecData,
  report: (path: SpecPath, code: 'SY120', message: string, hint: string) => void,
): void {
  const expected = basename(file).replace(/\.ya?ml$/, '');
  if (data.name !== expected) {
    // Offer the other way round only when the file's name is itself a valid spec name.
    const validName = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(expected);
    report(
      ['name'],
      'SY120',
      `spec name "${data.name}" does not match the file name ${basename(file)}`,
      validName ? `rename the file to ${data.name}.yaml or set name: ${expected}` : `rename the file to ${data.name}.yaml`,
    );
  }
}
