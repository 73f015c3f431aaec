/**
 * Semantic rules of a set of parameters (an action's `params`, `config`, `replication`): patterns
 * and `drop` expressions compile, and a default satisfies its own rule, judged by the runtime's own
 * validator through the rule the published package enforces (spec/param-rule.ts).
 */
import { ValidationError } from '@switchyard/runtime';
import { validateParams } from '@switchyard/runtime/internal';
import { toParamRule } from '../spec/param-rule.js';
import type { RuleReport, SpecPath } from '../spec/problems.js';
import type { SpecParam } from '../spec/spec-types.js';
import { issueText, regexReason } from './problem-words.js';

export const PARAM_RULES = {
  SY113: 'default-breaks-rule',
  SY116: 'pattern-invalid',
} as const;

export type ParamReport = RuleReport<keyof typeof PARAM_RULES>;

export function checkParamSet(report: ParamReport, path: SpecPath, params: Record<string, SpecParam>): void {
  for (const [name, param] of Object.entries(params)) {
    // A default is judged by its pattern only once the pattern compiles.
    if (!patternCompiles(report, [...path, name], name, param)) continue;
    dropCompiles(report, [...path, name], name, param);
    defaultKeepsRule(report, [...path, name], name, param);
  }
}

function patternCompiles(report: ParamReport, path: SpecPath, name: string, param: SpecParam): boolean {
  if (param.pattern === undefined) return true;
  try {
    new RegExp(param.pattern);
    return true;
  } catch (error) {
    report(
      [...path, 'pattern'],
      'SY116',
      `${name}: pattern is not a valid regular expression: ${regexReason(error)}`,
      'write an ECMAScript regular expression, anchored with ^…$',
    );
    return false;
  }
}

function dropCompiles(report: ParamReport, path: SpecPath, name: string, param: SpecParam): void {
  if (param.drop === undefined) return;
  try {
    new RegExp(param.drop, 'g');
  } catch (error) {
    report(
      [...path, 'drop'],
      'SY116',
      `${name}: drop is not a valid regular expression: ${regexReason(error)}`,
      'write an ECMAScript regular expression matching the text to remove',
    );
  }
}

function defaultKeepsRule(report: ParamReport, path: SpecPath, name: string, param: SpecParam): void {
  if (param.default === undefined) return;
  const rule = toParamRule({ ...param, required: false }, false);
  try {
    validateParams('default', { [name]: rule }, { [name]: param.default });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    report(
      [...path, 'default'],
      'SY113',
      `${name}: default ${JSON.stringify(param.default)} breaks its own rule: ${error.issues.map(issueText).join('; ')}`,
      'make the default satisfy the parameter rules',
    );
  }
}
