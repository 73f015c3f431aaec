/**
 * Credential-kind variants: one connector may reach two versions of a vendor API, chosen by the
 * credentials the caller passes (an API key for the old version, OAuth client credentials for the
 * new one). The spec keeps one action with one set of TypeScript types; a kind's `baseUrl` and an
 * action's `variants[<kind>]` say what differs on the wire. This file resolves, once per connector
 * instance, the metadata the chosen kind runs with, so the executor, the request builder and the
 * pagination helpers never look at variants themselves.
 */
import type { ActionMetadata, ActionVariant, AuthKind, ConnectorMetadata, ParamRule, ParamRules } from './metadata.js';

/** Meta source meaning "always null": a member another credential kind fills. */
export const NULL_META = '$null';

/** The connector's metadata as it runs with credential kind `kind`. */
export function metadataForKind(metadata: ConnectorMetadata, kind: AuthKind): ConnectorMetadata {
  const hasVariants = Object.values(metadata.actions).some((actions) => Object.values(actions).some((a) => a.variants));
  if (!hasVariants && kind.baseUrl === undefined) return metadata;
  const actions = Object.fromEntries(
    Object.entries(metadata.actions).map(([entity, byName]) => [
      entity,
      Object.fromEntries(Object.entries(byName).map(([name, action]) => [name, actionForKind(action, kind.name)])),
    ]),
  );
  return { ...metadata, baseUrl: kind.baseUrl ?? metadata.baseUrl, actions };
}

export function actionForKind(action: ActionMetadata, kindName: string): ActionMetadata {
  const variants = action.variants;
  if (!variants) return action;
  const variant: ActionVariant | undefined = Object.hasOwn(variants, kindName) ? variants[kindName] : undefined;
  const { variants: _all, ...base } = action;
  // A kind without a variant runs the action exactly as declared (meta included).
  if (!variant) return base;
  if (variant.unsupported !== undefined) return { ...base, unsupported: variant.unsupported };
  const meta = variantMeta(action.meta, variant.meta);
  return {
    ...base,
    params: paramsForVariant(action.params, variant),
    ...(variant.request ? { request: variant.request } : {}),
    ...(variant.pagination ? { pagination: variant.pagination } : {}),
    ...(variant.response ? { response: variant.response } : {}),
    ...(meta ? { meta } : {}),
  };
}

/**
 * The variant's meta members, plus the action's own ones it does not fill as null: the meta type
 * lists the action's members as always present, so they stay present (null) with this kind.
 */
function variantMeta(
  own: Readonly<Record<string, string>> | undefined,
  chosen: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, string>> | undefined {
  if (!chosen) return own;
  const nulls = Object.fromEntries(Object.keys(own ?? {}).map((name) => [name, NULL_META]));
  return { ...nulls, ...chosen };
}

/**
 * `false` drops a parameter (an unknown-parameter ValidationError if given); `{in, as, prefix}`
 * moves or renames it on the wire; a whole rule (with `type`) adds a parameter only this kind takes.
 */
function paramsForVariant(params: ParamRules, variant: ActionVariant): ParamRules {
  if (!variant.params) return params;
  const out: Record<string, ParamRule> = {};
  for (const [name, rule] of Object.entries(params)) {
    const change = Object.hasOwn(variant.params, name) ? variant.params[name] : undefined;
    if (change === false) continue;
    out[name] = change ? { ...rule, ...change } : rule;
  }
  for (const [name, change] of Object.entries(variant.params)) {
    if (change && 'type' in change && !Object.hasOwn(params, name)) out[name] = change;
  }
  return out;
}
