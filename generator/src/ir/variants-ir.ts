/**
 * IR of credential-kind variants (`actions.<name>.variants.<kind>`): what one action sends when the
 * caller's credentials are of a kind that reaches another version of the vendor API. Resolved like
 * the action's own rules (the cursor's type from the parameter it lands in, the meta member that
 * carries it), so the runtime's variants.ts only swaps rules in.
 */
import type { ActionVariant, PaginationRule, ParamLocation, ResponseRule } from '@switchyard/runtime';
import { defaultLocation } from '../spec/defaults.js';
import type { MetaIR, ParamIR } from './connector-ir.js';
import type { SpecAction, SpecMetaMember, SpecParam } from '../spec/spec-types.js';
import { parseTypeExpr } from '../spec/type-expr.js';

/** A variant's parameter change; a parameter only this kind accepts is a whole ParamIR (emitted as a ParamRule). */
export type ParamVariantIR = false | { in?: ParamLocation; as?: string; prefix?: string } | ParamIR;
export type VariantIR = Omit<ActionVariant, 'params'> & { params?: Record<string, ParamVariantIR> };

export interface VariantsIR {
  variants: Record<string, VariantIR>;
  /** Meta members only some kinds fill, for the meta type (null with the other kinds). */
  extraMeta: MetaIR[];
}

export function resolveVariants(
  action: SpecAction,
  method: string,
  baseResponse: ResponseRule | undefined,
  baseMeta: readonly MetaIR[],
): VariantsIR | undefined {
  if (!action.variants) return undefined;
  const variants: Record<string, VariantIR> = {};
  const extraMeta: MetaIR[] = [];
  for (const [kind, v] of Object.entries(action.variants)) {
    if (v.unsupported !== undefined) {
      variants[kind] = { unsupported: v.unsupported };
      continue;
    }
    const meta = v.meta ? Object.fromEntries(Object.entries(v.meta).map(([name, m]) => [name, sourceOf(m)])) : undefined;
    for (const [name, m] of Object.entries(v.meta ?? {})) {
      if (baseMeta.some((b) => b.name === name) || extraMeta.some((b) => b.name === name)) continue;
      extraMeta.push(metaIR(action, name, m, v.pagination));
    }
    const metaMember =
      Object.entries(meta ?? {}).find(([, s]) => s === '$next')?.[0] ?? baseMeta.find((m) => m.source === '$next')?.name ?? '';
    variants[kind] = {
      ...(v.request ? { request: { method: v.request.method ?? (method as 'GET'), path: v.request.path } } : {}),
      ...(v.params ? { params: variantParams(action, v.params) } : {}),
      ...(v.pagination && v.pagination.style !== 'none' ? { pagination: paginationRule(action, v.pagination, metaMember) } : {}),
      ...(meta ? { meta } : {}),
      ...(v.response ? { response: responseRule(v.response, baseResponse) } : {}),
    };
  }
  return { variants, extraMeta };
}

function variantParams(
  action: SpecAction,
  params: Record<string, false | SpecParam | { in?: ParamLocation; as?: string; prefix?: string }>,
) {
  return Object.fromEntries(
    Object.entries(params).map(([name, change]): [string, ParamVariantIR] => {
      if (change && 'type' in change) {
        const param = change as SpecParam;
        return [name, { ...param, in: defaultLocation(name, param, action) }];
      }
      return [name, change as ParamVariantIR];
    }),
  );
}

/** Parameters only some credential kinds accept: optional members of the action's parameter type. */
export function variantOnlyParams(variants: Record<string, VariantIR> | undefined, own: readonly [string, ParamIR][]): [string, ParamIR][] {
  const out = new Map<string, ParamIR>();
  for (const v of Object.values(variants ?? {})) {
    for (const [name, change] of Object.entries(v.params ?? {})) {
      if (change && 'type' in change && !own.some(([n]) => n === name) && !out.has(name)) out.set(name, change as ParamIR);
    }
  }
  return [...out];
}

function sourceOf(m: SpecMetaMember): string {
  return typeof m === 'string' ? m : m.from;
}

function metaIR(
  action: SpecAction,
  name: string,
  m: SpecMetaMember,
  pagination: NonNullable<SpecAction['variants']>[string]['pagination'],
): MetaIR {
  const source = sourceOf(m);
  const typeExpr = typeof m === 'string' ? undefined : m.type;
  if (typeExpr) return { name, source, type: parseTypeExpr(typeExpr) };
  if (source === '$next') {
    const cursorParam = pagination && 'cursorParam' in pagination ? pagination.cursorParam : undefined;
    return { name, source, type: { cursor: cursorParam && action.params?.[cursorParam]?.type === 'integer' ? 'integer' : 'string' } };
  }
  return { name, source, type: parseTypeExpr('string?') };
}

function paginationRule(
  action: SpecAction,
  p: Exclude<NonNullable<NonNullable<SpecAction['variants']>[string]['pagination']>, { style: 'none' }>,
  metaMember: string,
): PaginationRule {
  const integerCursor = action.params?.[p.cursorParam]?.type === 'integer';
  if (p.style === 'link-header') return { ...p, cursorType: integerCursor ? 'integer' : 'string', metaMember } as PaginationRule;
  return { ...p, metaMember } as PaginationRule;
}

/** A record field the answers carry under another name is derived from it (added when absent). */
function responseRule(r: { records: string; rename?: Record<string, string> }, base: ResponseRule | undefined): ResponseRule {
  const derive = { ...base?.derive, ...r.rename };
  return { records: r.records, ...(Object.keys(derive).length ? { derive } : {}) };
}
