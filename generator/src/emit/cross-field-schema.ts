/**
 * Cross-field parameter rules in the published JSON Schemas, agreeing with the runtime
 * (packages/runtime/src/core/cross-field.ts): `when` becomes one if/then per rule; a required field
 * must be given and not null, a forbidden one absent or null. `totalItems` counts across items,
 * which JSON Schema cannot, so it is stated in the description only.
 */
import type { SpecParam } from '../spec/spec-types.js';

export function crossFieldSchema(param: SpecParam): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (param.when?.length) {
    out['allOf'] = param.when.map((rule) => ({
      if: { properties: { [rule.field]: { enum: rule.in } }, required: [rule.field] },
      then: {
        ...(rule.require ? { required: rule.require } : {}),
        properties: Object.fromEntries([
          ...(rule.require ?? []).map((key) => [key, { not: { type: 'null' } }]),
          ...(rule.forbid ?? []).map((key) => [key, { type: 'null' }]),
        ]),
      },
    }));
  }
  if (param.totalItems) {
    const words = `At most ${param.totalItems.maximum} ${param.totalItems.field} across all items.`;
    out['description'] = param.description ? `${param.description} ${words}` : words;
  }
  return out;
}
