/**
 * One action run for a tool call: refusals first (a write in read-only mode, an action outside
 * `only`), then the connector's own validation and call, then what comes back shaped for a model:
 * `skip` and `fields` applied, the result held to the budget, downloads read into a file result.
 */
import { ValidationError, type ActionMetadata, type ExecuteResult, type ValidationIssue } from '@switchyard/runtime';
import { validateParams } from '@switchyard/runtime/internal';
import type { AgentConnector } from '../connectors/agent-connector.js';
import { isRead, returnsList } from '../tools/action-kinds.js';
import type { AllowList } from './allow-list.js';
import { applyBudget, type BudgetOutcome, type BudgetRequest } from './budget.js';
import { ActionNotAllowedError, ReadOnlyError, ResultTooLargeError, withPrefix } from './errors.js';
import { fileData } from './file-result.js';
import { pathTree, project } from './project.js';
import type { Scrub } from './scrub.js';
import type { ToolResult } from './tool-result.js';

export interface RunSettings {
  readonly readOnly: boolean;
  readonly allow: AllowList;
  readonly budget: number;
  readonly hosted: boolean;
}

export interface RunOptions {
  readonly settings: RunSettings;
  readonly fields: readonly string[] | undefined;
  readonly skip: number | undefined;
  readonly intent: string | undefined;
  readonly signal: AbortSignal | undefined;
  /** Where the action's parameters sit in the tool's arguments (`params` for execute, top level for per-action tools). */
  readonly paramsPath: string;
  /** Per-action tools answer `structuredContent` too (they declare an outputSchema). */
  readonly structured: boolean;
  readonly scrub: Scrub;
}

export async function runAction(
  connector: AgentConnector,
  action: ActionMetadata,
  givenParams: Record<string, unknown>,
  options: RunOptions,
): Promise<ToolResult> {
  const { settings } = options;
  const operation = `${connector.type} ${action.entity}.${action.action}`;
  if (settings.readOnly && !isRead(action.kind)) {
    throw new ReadOnlyError(
      `${operation} is a write (${action.kind}), and this server runs read-only (--read-only): nothing was sent. Reads (list, get, search) still work.`,
    );
  }
  if (!settings.allow(connector.type, action.entity, action.action)) {
    throw new ActionNotAllowedError(`${operation} is not among the actions this server allows (--only): nothing was sent.`);
  }

  // `fields` selects fields at the source when the action has a parameter of that name (hosted
  // search, GitHub's GraphQL field selection); otherwise records are projected here.
  const ownFields = Object.hasOwn(action.params, 'fields');
  let params = givenParams;
  const issues: ValidationIssue[] = [];
  if (options.fields !== undefined && ownFields) {
    if (Object.hasOwn(givenParams, 'fields')) {
      issues.push({
        path: 'fields',
        rule: 'conflict',
        message: `give fields once: here or as ${options.paramsPath || 'the'} fields parameter`,
      });
    } else {
      params = { ...givenParams, fields: [...options.fields] };
    }
  }
  if (options.fields !== undefined && action.kind === 'download') {
    issues.push({ path: 'fields', rule: 'not-applicable', message: 'a download returns a file, not records' });
  }
  if (options.skip !== undefined && !returnsList(action)) {
    issues.push({ path: 'skip', rule: 'not-applicable', message: `${operation} returns one record, not a page` });
  }
  if (issues.length > 0) {
    // Report the parameters' own problems with these, all at once.
    try {
      validateParams(operation, action.params, params);
    } catch (error) {
      if (error instanceof ValidationError) issues.push(...prefixed(error, options.paramsPath).issues);
    }
    throw new ValidationError(operation, issues);
  }

  let result: ExecuteResult;
  try {
    result = await connector.execute(
      { entity: action.entity, action: action.action, params },
      { intent: options.intent, signal: options.signal },
    );
  } catch (error) {
    throw error instanceof ValidationError ? prefixed(error, options.paramsPath) : error;
  }

  if (action.kind === 'download') return fileResult(result, options);

  let data = result.data;
  if (returnsList(action)) {
    const records = Array.isArray(data) ? data : [];
    data = options.skip ? records.slice(options.skip) : records;
  }
  if (options.fields !== undefined && !ownFields) {
    const tree = pathTree(options.fields);
    data = Array.isArray(data) && returnsList(action) ? data.map((record) => project(record, tree)) : project(data, tree);
  }
  const meta = (result.meta ?? {}) as Record<string, unknown>;
  const list = returnsList(action);
  const cursorMember = action.kind === 'search' ? 'next_cursor' : action.pagination?.metaMember;
  const nextPage = cursorMember !== undefined && meta[cursorMember] !== null && meta[cursorMember] !== undefined;
  const outcome = budgetScrubbed(options.scrub, {
    value: { data, meta },
    listKey: list ? 'data' : undefined,
    budget: settings.budget,
    skipped: options.skip,
    howToGetTheRest: (skip) =>
      `Call again with the same arguments and "skip": ${skip} to read the records left out of this page` +
      (nextPage ? ` (meta.${cursorMember} continues after all of them, so read them first)` : '') +
      '. To fit more records in one answer, pass fields with only the fields you need, or ask for fewer records per page.',
  });
  if (!outcome.ok) {
    const example = exampleFields(list && Array.isArray(data) ? data[0] : data);
    throw new ResultTooLargeError(
      `${outcome.firstRecordOnly ? `The first record of ${operation}'s page alone` : `${operation}'s result`} is ${outcome.size} characters of JSON, ` +
        `over this server's result budget of ${settings.budget} characters (--max-result-chars), so it is not returned. ` +
        `Pass fields with only the fields you need${example ? `, e.g. ${example}` : ''}.`,
    );
  }
  return answer(outcome.text, outcome.value, options.structured);
}

function answer(text: string, value: Record<string, unknown>, structured: boolean): ToolResult {
  return structured ? { isError: false, text, structuredContent: value } : { isError: false, text };
}

async function fileResult(result: ExecuteResult, options: RunOptions): Promise<ToolResult> {
  const budget = options.settings.budget;
  let file = await fileData(result, budget);
  const meta = (result.meta ?? {}) as Record<string, unknown>;
  let outcome = budgetScrubbed(options.scrub, { value: { data: file, meta }, budget, howToGetTheRest: () => '' });
  if (!outcome.ok) {
    // Text that JSON escaping made longer than the budget: say what the file is instead.
    file = {
      ...file,
      encoding: null,
      content: null,
      note: "The file's content does not fit this server's result budget, so it is not returned.",
    };
    outcome = budgetScrubbed(options.scrub, { value: { data: file, meta }, budget, howToGetTheRest: () => '' });
    if (!outcome.ok) throw new ResultTooLargeError(`the download's description is over the result budget of ${budget} characters`);
  }
  return answer(outcome.text, outcome.value, options.structured);
}

/** The budget applied to the value, or, when its text shows a credential, to the value with the credentials replaced. */
export function budgetScrubbed(scrub: Scrub, request: BudgetRequest): BudgetOutcome {
  const outcome = applyBudget(request);
  if (!scrub.shows(outcome.ok ? outcome.text : JSON.stringify(request.value))) return outcome;
  return applyBudget({ ...request, value: scrub.scrub(request.value) });
}

function prefixed(error: ValidationError, path: string): ValidationError {
  return path ? withPrefix(error, path) : error;
}

/** A few of the record's top-level keys, as a `fields` example. */
function exampleFields(record: unknown): string | undefined {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined;
  const keys = Object.keys(record).slice(0, 3);
  return keys.length ? JSON.stringify(keys) : undefined;
}
