/**
 * The rules of the tools' own arguments, checked with the runtime's validator, so a bad argument
 * is the same ValidationError (every issue, with its path and rule) as a bad action parameter.
 */
import { ValidationError, type ParamRule, type ParamRules, type ValidationIssue } from '@switchyard/runtime';
import { INTENT_MAX_LENGTH, SEARCH_PARAM_NAMES, searchParamsIssues, setOwn, validateParams } from '@switchyard/runtime/internal';
import { INTENT_PATTERN, SEARCH_DEFAULT_LIMIT } from '../tools/schemas.js';
import { fieldPathIssues } from './project.js';

// The service records the intent and refuses control characters in it (its text rules, the same
// as for identifiers): checked here too, so the model is told `intent` before anything is sent.
const INTENT: ParamRule = {
  type: 'string',
  maxLength: INTENT_MAX_LENGTH,
  pattern: new RegExp(INTENT_PATTERN, 'u'),
  patternText: 'one sentence without control characters (no line breaks or tabs)',
};
const CONNECTOR: ParamRule = { type: 'string', required: true, minLength: 1 };
const NAME: ParamRule = { type: 'string', minLength: 1 };
export const FIELDS_RULE: ParamRule = { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } };
export const SKIP_RULE: ParamRule = { type: 'integer', minimum: 0 };

export const LIST_CONNECTORS_ARGUMENTS: ParamRules = { intent: INTENT };
export const DESCRIBE_ARGUMENTS: ParamRules = { connector: CONNECTOR, entity: NAME, action: NAME, intent: INTENT };
export const EXECUTE_ARGUMENTS: ParamRules = {
  connector: CONNECTOR,
  entity: { ...NAME, required: true },
  action: { ...NAME, required: true },
  params: { type: 'object' },
  fields: FIELDS_RULE,
  skip: SKIP_RULE,
  intent: INTENT,
};
/** The search tool's own arguments; the search's (query, limit, cursor, fields) are read by the search language (checkSearchArguments). */
const SEARCH_TOOL_ARGUMENTS: ParamRules = { connector: CONNECTOR, entity: { ...NAME, required: true }, skip: SKIP_RULE, intent: INTENT };
/** The extras of per-action tools; each tool takes the ones its schema lists. */
export const EXTRA_ARGUMENT_RULES: ParamRules = { fields: FIELDS_RULE, skip: SKIP_RULE, intent: INTENT, connector: NAME };

/** Checked arguments; throws ValidationError naming the tool and every issue. */
export function checkArguments(tool: string, rules: ParamRules, args: unknown): Record<string, unknown> {
  const issues: ValidationIssue[] = [];
  let checked: Record<string, unknown> = {};
  try {
    checked = validateParams(tool, rules, args);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    issues.push(...error.issues);
  }
  const fields = checked['fields'];
  if (Array.isArray(fields)) issues.push(...fieldPathIssues(fields as string[]));
  if (issues.length > 0) throw new ValidationError(tool, issues);
  return checked;
}

/**
 * The search tool's arguments: its own by their rules, the search parameters by the runtime's
 * search reader, the one the hosted executor checks with and the service parses with, so the tool
 * takes exactly what every connector publishes and the service accepts. Every issue at once.
 */
export function checkSearchArguments(tool: string, args: unknown): { own: Record<string, unknown>; search: Record<string, unknown> } {
  const own: Record<string, unknown> = {};
  const search: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(argumentsObject(tool, args))) {
    setOwn((SEARCH_PARAM_NAMES as readonly string[]).includes(name) ? search : own, name, value);
  }
  // The tool's smaller page unless the caller gives one (null is "not given", as in the language).
  search['limit'] ??= SEARCH_DEFAULT_LIMIT;
  const issues: ValidationIssue[] = [];
  let checked: Record<string, unknown> = {};
  try {
    checked = validateParams(tool, SEARCH_TOOL_ARGUMENTS, own);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    issues.push(...error.issues);
  }
  issues.push(...searchParamsIssues(search));
  if (issues.length > 0) throw new ValidationError(tool, issues);
  return { own: checked, search };
}

/** The tool's arguments as an object (absent arguments are `{}`); anything else is a ValidationError. */
export function argumentsObject(tool: string, args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args)) {
    throw new ValidationError(tool, [{ path: '', rule: 'type', message: 'the arguments must be an object' }]);
  }
  return args as Record<string, unknown>;
}
