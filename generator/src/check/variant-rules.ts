/**
 * Semantic rules of credential-kind variants (`actions.<name>.variants.<kind>`): a variant must
 * name a credential kind under `auth`, change only parameters the action has (or add, with a
 * `type`, ones it does not), and page through a cursor parameter accepted with that kind. An
 * `unsupported` variant says everything.
 */
import type { SpecData } from '../spec/spec-types.js';
import type { RuleReport, SpecPath } from '../spec/problems.js';

export const VARIANT_RULES = {
  SY170: 'variant-mismatch',
} as const;

export type VariantReport = RuleReport<keyof typeof VARIANT_RULES>;

export function checkVariants(data: SpecData, report: VariantReport): void {
  const kinds = Object.keys(data.auth ?? {});
  for (const [entityName, entity] of Object.entries(data.entities ?? {})) {
    for (const [actionName, action] of Object.entries(entity.actions ?? {})) {
      for (const [kind, variant] of Object.entries(action.variants ?? {})) {
        const path: SpecPath = ['entities', entityName, 'actions', actionName, 'variants', kind];
        const id = `${entityName}.${actionName} variant "${kind}"`;
        if (!kinds.includes(kind)) {
          report(path, 'SY170', `${id}: "${kind}" is not a credential kind`, `use one of the names under auth: ${kinds.join(', ')}`);
        }
        const { unsupported, ...rest } = variant;
        if (unsupported !== undefined && Object.keys(rest).length > 0) {
          report(
            path,
            'SY170',
            `${id}: unsupported excludes ${Object.keys(rest).join(', ')}`,
            'an unsupported action sends nothing; remove the other keys',
          );
        }
        const own = action.params ?? {};
        const added = new Set<string>();
        for (const [name, change] of Object.entries(variant.params ?? {})) {
          const adds = typeof change === 'object' && 'type' in change;
          if (adds) added.add(name);
          if (adds && Object.hasOwn(own, name)) {
            report(
              [...path, 'params', name],
              'SY170',
              `${id}: declares parameter ${name} again, which the action already has`,
              'change how it travels with {in, as, prefix}, or rename the kind-only parameter',
            );
          } else if (!adds && !Object.hasOwn(own, name)) {
            report(
              [...path, 'params', name],
              'SY170',
              `${id}: changes parameter ${name}, which the action does not have`,
              "declare it under the action's params, or give it a type to make it a parameter of this kind only",
            );
          }
        }
        const p = variant.pagination;
        if (p && 'cursorParam' in p) {
          const accepted = (Object.hasOwn(own, p.cursorParam) && variant.params?.[p.cursorParam] !== false) || added.has(p.cursorParam);
          if (!accepted) {
            report(
              [...path, 'pagination', 'cursorParam'],
              'SY170',
              `${id}: pages through ${p.cursorParam}, which is not a parameter accepted with this kind`,
              'declare the cursor parameter (under the action or in this variant) and do not set it to false here',
            );
          }
        }
      }
    }
  }
}
