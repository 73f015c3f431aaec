/**
 * Builds the body of `setSelectedStreams`. The platform REPLACES the whole configured catalog with
 * what is sent: listed streams are selected, unlisted ones deselected, and a listed stream without
 * a syncMode falls back to full refresh + overwrite. So input is checked strictly here: an empty
 * list (which the platform would silently ignore), blank names and duplicates are refused.
 */
import { ValidationError, type ValidationIssue } from '@switchyard/runtime';
import type { StreamConfiguration } from './types.js';

/** A stream name, or a full stream configuration to keep its sync mode, cursor and primary key. */
export type StreamSelection = string | StreamConfiguration;

export function buildStreamConfigurations(operation: string, selection: unknown): StreamConfiguration[] {
  const issues: ValidationIssue[] = [];
  if (!Array.isArray(selection) || selection.length === 0) {
    throw new ValidationError(operation, [
      { path: 'streamNames', rule: 'nonEmpty', message: 'must list at least one stream; every stream left out is deselected' },
    ]);
  }
  const seen = new Set<string>();
  const streams = selection.map((item, index): StreamConfiguration => {
    const stream: StreamConfiguration = typeof item === 'string' ? { name: item } : { ...(item as StreamConfiguration) };
    if (typeof stream.name !== 'string' || stream.name.trim() === '') {
      issues.push({ path: `streamNames[${index}]`, rule: 'nonEmpty', message: 'a stream name must be a non-empty string' });
      return stream;
    }
    const key = `${stream.namespace ?? ''}\u0000${stream.name}`;
    if (seen.has(key)) issues.push({ path: `streamNames[${index}]`, rule: 'unique', message: `"${stream.name}" is listed twice` });
    seen.add(key);
    // Echoing empty arrays read back from the platform (selectedFields: []) breaks the PATCH.
    for (const [k, v] of Object.entries(stream)) if (Array.isArray(v) && v.length === 0) delete stream[k];
    return stream;
  });
  if (issues.length > 0) throw new ValidationError(operation, issues);
  return streams;
}
