/**
 * The vendor base URL from the spec's template and the caller's validated config.
 *
 * A config variable may declare `substitutes`: for each of its enum values, the text that stands
 * for it in the template (a region `EU` becomes the host `api.eu.intercom.io`). That text is
 * written by the spec author, not by the caller, so it goes in as it is, dots included; the caller
 * only picks which entry, and the enum check has already refused any other value.
 *
 * A config variable may declare `hostname`: its value is a whole host name (a Gong company's
 * `company-17.api.gong.io`), so it may hold dots, but only where the placeholder is the whole
 * host (`https://{api_host}/v2`) and only after the host-name check (host-name.ts: labels and
 * dots, nothing that could end the host). Which hosts are allowed is the variable's `pattern`,
 * which validation has already applied. Anywhere else the variable is caller text like any other.
 *
 * Every other placeholder is filled by fillTemplate, whose checks (one DNS label in the host, one
 * segment in the path) keep caller text from redirecting the connector and its credentials.
 */
import { ValidationError, type ValidationIssue } from '../core/errors.js';
import { hostNameMessage } from '../core/host-name.js';
import type { ParamRules } from '../core/metadata.js';
import { PLACEHOLDER, fillTemplate, wholeHostPlaceholder } from '../core/template.js';

export function baseUrlFromConfig(template: string, rules: ParamRules, config: Readonly<Record<string, unknown>>): string {
  const host = wholeHostPlaceholder(template);
  const issues: ValidationIssue[] = [];
  const substituted = template.replace(PLACEHOLDER, (placeholder, name: string, offset: number) => {
    const rule = Object.hasOwn(rules, name) ? rules[name]! : undefined;
    const value = Object.hasOwn(config, name) ? config[name] : undefined;
    // No entry or no value (no default): leave the placeholder to fillTemplate, which refuses it by name.
    if (typeof value !== 'string') return placeholder;
    const table = rule?.substitutes;
    if (table && Object.hasOwn(table, value)) return table[value]!;
    if (rule?.hostname && offset === host?.offset) {
      const message = hostNameMessage(value);
      if (message === undefined) return value;
      issues.push({ path: name, rule: 'hostname', message });
    }
    return placeholder;
  });
  if (issues.length > 0) throw new ValidationError(`base URL ${template}`, issues);
  return fillTemplate(substituted, config, encodeURIComponent);
}
