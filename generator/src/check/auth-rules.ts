/**
 * Semantic rules of credentials and the base URL: a credential kind's templates name its own
 * fields, no two kinds require the same field set (a caller is matched to a kind by its fields),
 * and the base URL's placeholders are config variables.
 */
import { templateNames } from '@switchyard/runtime/internal';
import type { RuleReport } from '../spec/problems.js';
import type { SpecData } from '../spec/spec-types.js';

export const AUTH_RULES = {
  SY110: 'auth-template-unknown-field',
  SY111: 'base-url-unknown-config',
  SY118: 'auth-kinds-ambiguous',
} as const;

export type AuthReport = RuleReport<keyof typeof AUTH_RULES>;

/** Every property of a credential kind that is a template over the kind's fields. */
const TEMPLATE_KEYS = ['token', 'username', 'password', 'value', 'accessToken', 'refreshToken', 'clientId', 'clientSecret'] as const;

export function checkAuth(data: SpecData, report: AuthReport): void {
  const kindSignatures = new Map<string, string>();
  for (const [kindName, kind] of Object.entries(data.auth)) {
    checkTemplates(report, kindName, kind);
    const required = Object.entries(kind.fields)
      .filter(([, f]) => f.required !== false)
      .map(([n]) => n)
      .sort()
      .join(',');
    const other = kindSignatures.get(required);
    if (other) {
      report(
        ['auth', kindName],
        'SY118',
        `auth kinds "${other}" and "${kindName}" require the same fields (${required})`,
        'a caller is matched to a kind by its fields; make the field sets differ',
      );
    }
    kindSignatures.set(required, kindName);
  }
}

function checkTemplates(report: AuthReport, kindName: string, kind: SpecData['auth'][string]): void {
  const fields = Object.keys(kind.fields);
  // Each kind has its own template properties; a copy as a plain record lets one loop read them all.
  const properties: Record<string, unknown> = { ...kind };
  for (const key of TEMPLATE_KEYS) {
    const template = properties[key];
    if (typeof template !== 'string') continue;
    for (const name of templateNames(template)) {
      if (!fields.includes(name)) {
        report(
          ['auth', kindName, key],
          'SY110',
          `auth kind "${kindName}" uses {${name}} in ${key}, but has no field ${name}`,
          `add ${name} under auth.${kindName}.fields or fix the template`,
        );
      }
    }
  }
}

export function checkBaseUrl(data: SpecData, report: AuthReport): void {
  for (const name of templateNames(data.baseUrl)) {
    if (!(name in (data.config ?? {}))) {
      report(['baseUrl'], 'SY111', `baseUrl uses {${name}}, which is not a config variable`, `declare ${name} under config`);
    }
  }
}
