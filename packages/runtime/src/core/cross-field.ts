/**
 * Rules that tie one field of an object to another, which a per-field rule cannot say: a HubSpot
 * filter whose operator is BETWEEN needs `highValue`, an IN filter needs `values`. They are data in
 * the metadata (declared under `when` / `totalItems` in the spec) and checked after each field's
 * own rule, so every problem of one call is still reported at once.
 */
import type { ValidationIssue } from './errors.js';

/** When `field` holds one of `in`, the fields of `require` must be present and those of `forbid` absent. */
export interface ConditionalFieldRule {
  readonly field: string;
  readonly in: readonly (string | number | boolean)[];
  readonly require?: readonly string[];
  readonly forbid?: readonly string[];
}

/** An array of objects whose `field` arrays together hold at most `maximum` items (HubSpot: 18 filters across groups). */
export interface TotalItemsRule {
  readonly field: string;
  readonly maximum: number;
}

/** A value counts as given when it is neither undefined nor null (null clears nothing in a filter). */
const given = (object: Record<string, unknown>, key: string): boolean =>
  Object.hasOwn(object, key) && object[key] !== undefined && object[key] !== null;

export function checkConditionalRules(
  path: string,
  rules: readonly ConditionalFieldRule[],
  object: Record<string, unknown>,
  issues: ValidationIssue[],
): void {
  for (const rule of rules) {
    const selector = Object.hasOwn(object, rule.field) ? object[rule.field] : undefined;
    if (!rule.in.includes(selector as string | number | boolean)) continue;
    const because = `when ${rule.field} is ${JSON.stringify(selector)}`;
    for (const key of rule.require ?? []) {
      if (!given(object, key)) issues.push({ path: `${path}.${key}`, rule: 'required-when', message: `is required ${because}` });
    }
    for (const key of rule.forbid ?? []) {
      if (given(object, key)) issues.push({ path: `${path}.${key}`, rule: 'forbidden-when', message: `must be absent ${because}` });
    }
  }
}

export function checkTotalItems(path: string, rule: TotalItemsRule, items: readonly unknown[], issues: ValidationIssue[]): void {
  let total = 0;
  for (const item of items) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    const nested = Object.hasOwn(item, rule.field) ? (item as Record<string, unknown>)[rule.field] : undefined;
    if (Array.isArray(nested)) total += nested.length;
  }
  if (total > rule.maximum) {
    issues.push({
      path,
      rule: 'totalItems',
      message: `must hold at most ${rule.maximum} ${rule.field} across all its items; got ${total}`,
    });
  }
}
