/**
 * Incremental high-water marks. Marks are kept as epoch milliseconds (as text in the checkpoint),
 * whatever the vendor's format, so comparing two marks never depends on string formats.
 */
import type { TimeFormat } from './sync-rules.js';

/** Reads a record's update time; null when the value is missing or not a time. */
export function readTime(value: unknown, format: TimeFormat): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return format === 'unix-seconds' ? value * 1000 : value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  // Vendors send epoch numbers as strings too (Slack's "1712345678.000200").
  if (/^\d+(\.\d+)?$/.test(value.trim())) {
    const n = Number(value);
    return format === 'unix-ms' ? n : format === 'unix-seconds' ? n * 1000 : n > 1e11 ? n : n * 1000;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Formats a mark for the vendor's filter parameter. */
export function formatTime(ms: number, format: TimeFormat): string | number {
  if (format === 'unix-seconds') return Math.floor(ms / 1000);
  if (format === 'unix-ms') return Math.floor(ms);
  // Whole seconds: the widest-accepted ISO-8601 form (no fractional part), rounded down so the
  // filter never skips a record of the same second.
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function laterOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
