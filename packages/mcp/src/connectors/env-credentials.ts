/**
 * Credentials and config of an open-source connector from environment variables, the way a
 * desktop MCP client passes them to `switchyard mcp`: `SWITCHYARD_<TYPE>_<FIELD>`, type and field
 * upper-cased with `-` (and anything else outside A-Z, 0-9) turned into `_`:
 * `SWITCHYARD_MESSAGING_API_TOKEN`, `SWITCHYARD_SUPPORT_DESK_SUBDOMAIN`.
 *
 * The credential kind is the one whose required fields are all set. When several are complete and
 * one's required fields include every other's (Gong's "OAuth (refreshable)" holds "OAuth"'s
 * access_token), the larger one is meant; two unrelated complete kinds are ambiguous and refused.
 * Empty variables count as unset.
 */
import type { AuthKind, ConnectorMetadata, ParamRule } from '@switchyard/runtime';

export type Environment = Readonly<Record<string, string | undefined>>;

/** `SWITCHYARD_SUPPORT_DESK_API_TOKEN` for (`support-desk`, `api_token`). */
export function envVariable(type: string, field: string): string {
  return `SWITCHYARD_${`${type}_${field}`.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export interface EnvCredentials {
  /** The credential kind chosen. */
  readonly kind: string;
  /** The kind's fields that are set, by field name. */
  readonly auth: Record<string, string>;
  /** Config variables that are set, typed as the spec declares them. */
  readonly config: Record<string, unknown>;
  /** Values to keep out of every log line and tool result (the kind's secret fields). */
  readonly secrets: string[];
}

/** Thrown with every problem of every connector at once, each naming the variables to set. */
export class MissingCredentialsError extends Error {
  override readonly name = 'MissingCredentialsError';
  constructor(readonly problems: readonly string[]) {
    super(`${problems.length === 1 ? problems[0] : `\n${problems.map((p) => `  - ${p}`).join('\n')}`}`);
  }
}

/**
 * Reads one connector's credentials and config from `env`; returns the problems instead when
 * something is missing or malformed (never echoing a value). `configOptional`: the base URL is
 * given outright (`--base-url`), so config variables that only build it need not be set.
 */
export function credentialsFromEnv(
  metadata: ConnectorMetadata,
  env: Environment,
  options: { configOptional?: boolean } = {},
): EnvCredentials | { problems: string[] } {
  const type = metadata.name;
  const value = (field: string): string | undefined => {
    const raw = env[envVariable(type, field)];
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const problems: string[] = [];
  const kind = chooseKind(metadata.auth, value, type, problems);
  const config = configFromEnv(metadata, value, options.configOptional === true, problems);
  if (problems.length > 0 || !kind) return { problems };
  const auth: Record<string, string> = {};
  const secrets: string[] = [];
  for (const [field, rule] of Object.entries(kind.fields)) {
    const given = value(field);
    if (given === undefined) continue;
    auth[field] = given;
    if (rule.secret) secrets.push(given);
  }
  return { kind: kind.name, auth, config, secrets };
}

function chooseKind(
  kinds: readonly AuthKind[],
  value: (field: string) => string | undefined,
  type: string,
  problems: string[],
): AuthKind | undefined {
  const required = (kind: AuthKind) =>
    Object.entries(kind.fields)
      .filter(([, f]) => f.required)
      .map(([name]) => name);
  const complete = kinds.filter((kind) => required(kind).every((field) => value(field) !== undefined));
  const widest = complete.find((kind) => complete.every((other) => required(other).every((field) => required(kind).includes(field))));
  if (widest) return widest;
  const describe = (kind: AuthKind) => {
    const names = required(kind).map((field) => envVariable(type, field));
    const optional = Object.entries(kind.fields)
      .filter(([, f]) => !f.required)
      .map(([field]) => envVariable(type, field));
    return `${joinAnd(names)} (${kind.name}${optional.length ? `; optional ${joinAnd(optional)}` : ''})`;
  };
  if (complete.length > 1) {
    problems.push(
      `${type}: the variables of several credential kinds are set (${complete.map((k) => k.name).join(', ')}); ` +
        `keep only one of: ${complete.map(describe).join('; or ')}`,
    );
    return undefined;
  }
  problems.push(`${type}: no credentials; set ${kinds.map(describe).join('; or ')}`);
  return undefined;
}

function configFromEnv(
  metadata: ConnectorMetadata,
  value: (field: string) => string | undefined,
  optional: boolean,
  problems: string[],
): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(metadata.config)) {
    const name = envVariable(metadata.name, field);
    const given = value(field);
    if (given === undefined) {
      if (rule.required && rule.default === undefined && !optional) {
        problems.push(`${metadata.name}: set ${name}${rule.description ? ` (${rule.description})` : ''}`);
      }
      continue;
    }
    const typed = typedValue(rule, given);
    if (typed === undefined) problems.push(`${metadata.name}: ${name} must be ${describeType(rule)}`);
    else config[field] = typed;
  }
  return config;
}

/** The variable's text as the config rule's type; undefined when it is not one (the value's own rules are the connector's to check). */
function typedValue(rule: ParamRule, text: string): unknown {
  if (rule.type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : undefined;
  if (rule.type === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;
  if (rule.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  return text;
}

function describeType(rule: ParamRule): string {
  if (rule.enum) return `one of ${rule.enum.join(', ')}`;
  if (rule.type === 'boolean') return 'true or false';
  return `an ${rule.type}`;
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
