/**
 * The standard parameters of every hosted search action, taken from the runtime, which defines the
 * search language once (packages/runtime/src/core/search/): the parameter rules below become the
 * search actions' metadata and README rows, and the published JSON Schema is the runtime's
 * `searchParamsSchema` as it is (emit/schemas.ts). Nothing about search is written here.
 */
import type { ParamRule } from '@switchyard/runtime';
import { SEARCH_PARAM_RULES } from '@switchyard/runtime/internal';
import type { SpecParam } from '../spec/spec-types.js';

/** A runtime rule in the spec's words (patterns as source text). */
function specParamOf(rule: ParamRule): SpecParam {
  const { pattern, items, properties, ...rest } = rule;
  return {
    ...(rest as Omit<SpecParam, 'pattern' | 'items' | 'properties'>),
    ...(pattern ? { pattern: pattern.source } : {}),
    ...(items ? { items: specParamOf(items) } : {}),
    ...(properties ? { properties: Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, specParamOf(p)])) } : {}),
  };
}

export const SEARCH_PARAMS: Readonly<Record<string, SpecParam>> = Object.fromEntries(
  Object.entries(SEARCH_PARAM_RULES).map(([name, rule]) => [name, specParamOf(rule)]),
);
