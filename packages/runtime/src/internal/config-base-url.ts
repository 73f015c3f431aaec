/**
 * The vendor base URL from the spec's template and the caller's validated config.
 *
 * A config variable may declare `substitutes`: for each of its enum values, the text that stands
 * for it in the template (a region `EU` becomes the host `api.eu.intercom.io`). That text is
 * written by the spec author, not by the caller, so it goes in as it is, dots included; the caller
 * only picks which entry, and the enum check has already refused any other value. Every other
 * placeholder is filled by fillTemplate, whose checks (one DNS label in the host, one segment in
 * the path) keep caller text from redirecting the connector and its credentials.
 */
import type { ParamRules } from '../core/metadata.js';
import { PLACEHOLDER, fillTemplate } from '../core/template.js';

export function baseUrlFromConfig(template: string, rules: ParamRules, config: Readonly<Record<string, unknown>>): string {
  const substituted = template.replace(PLACEHOLDER, (placeholder, name: string) => {
    const table = Object.hasOwn(rules, name) ? rules[name]!.substitutes : undefined;
    const value = Object.hasOwn(config, name) ? config[name] : undefined;
    // No entry (no value and no default): leave the placeholder to fillTemplate, which refuses it by name.
    if (!table || typeof value !== 'string' || !Object.hasOwn(table, value)) return placeholder;
    return table[value]!;
  });
  return fillTemplate(substituted, config, encodeURIComponent);
}
