/**
 * A spec parameter as the runtime's ParamRule, the one translation both the semantic rules (which
 * run each default through the runtime's own validator) and the metadata emitter use, so a default
 * is judged by exactly the rule the published package enforces.
 */
import type { ParamLocation, ParamRule } from '@switchyard/runtime';
import type { NamedParam } from './named-types.js';
import type { SpecParam } from './spec-types.js';

/** Keys copied as they are, in the order they appear in emitted metadata. */
const COPIED = [
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'patternText',
  'format',
  'minItems',
  'maxItems',
  'default',
  'style',
  'prefix',
  'substitutes',
  'hostname',
  'when',
  'totalItems',
] as const;

/**
 * `in` and `as` belong to top-level parameters only (where a parameter travels). `named`, when
 * given, stands in for nested uses of a named type (the metadata emitter prints a shared constant).
 */
export function toParamRule(
  param: SpecParam & { in?: ParamLocation },
  topLevel: boolean,
  named?: (param: NamedParam) => unknown,
): ParamRule {
  const nested = (p: NamedParam) => (named && p.typeName !== undefined ? named(p) : toParamRule(p, false, named));
  const out: Record<string, unknown> = { type: param.type };
  if (param.required) out['required'] = true;
  if (param.nullable) out['nullable'] = true;
  for (const key of COPIED) {
    if (param[key] !== undefined) out[key] = param[key];
  }
  if (param.pattern !== undefined) out['pattern'] = new RegExp(param.pattern);
  if (param.drop !== undefined) out['drop'] = new RegExp(param.drop, 'g');
  if (param.items) out['items'] = nested(param.items);
  if (param.properties) out['properties'] = Object.fromEntries(Object.entries(param.properties).map(([k, v]) => [k, nested(v)]));
  if (topLevel) {
    out['in'] = param.in;
    if (param.as !== undefined) out['as'] = param.as;
  }
  return out as unknown as ParamRule;
}
