/**
 * The choices a spec leaves implicit, resolved one way for every stage: an action's kind (its name
 * unless `kind:` says otherwise), where a parameter travels when `in:` is not given, and the
 * PascalCase a name takes in TypeScript. The semantic rules judge a spec by these and the IR records
 * them, so the rules and the generated package cannot disagree about what a spec means.
 */
import type { ActionKind, ParamLocation } from '@switchyard/runtime';
import type { SpecAction, SpecParam } from './spec-types.js';

/** Every action kind, in the order the IR lists an entity's actions. */
export const ACTION_KINDS: readonly ActionKind[] = ['list', 'get', 'create', 'update', 'delete', 'search', 'api_search', 'download'];

export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

export function actionKind(name: string, action: SpecAction): ActionKind | undefined {
  const kind = action.kind ?? name;
  return (ACTION_KINDS as readonly string[]).includes(kind) ? (kind as ActionKind) : undefined;
}

export function defaultLocation(name: string, param: SpecParam, action: SpecAction): ParamLocation {
  if (param.in) return param.in;
  if (action.request?.graphql) return 'variables';
  if (action.request?.path?.includes(`{${name}}`)) return 'path';
  const method = action.request?.method ?? 'GET';
  return method === 'GET' || method === 'DELETE' ? 'query' : 'body';
}
