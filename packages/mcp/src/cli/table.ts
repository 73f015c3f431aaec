/**
 * Plain-text tables and key–value blocks for people. Cells are one line each (newlines shown as
 * spaces), long ones cut with "…" so a row stays a row; `--json` has every value whole.
 */
const MAX_CELL = 60;

export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const line = text.replace(/\s+/g, ' ');
  return line.length > MAX_CELL ? `${line.slice(0, MAX_CELL - 1)}…` : line;
}

/** Columns separated by two spaces, a header in capitals, padded to the widest cell. */
export function table(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = rows.map((row) => headers.map((_, i) => cell(row[i])));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => (i === values.length - 1 ? value : value.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers.map((h) => h.toUpperCase())), ...cells.map(line)].join('\n');
}

/** `key  value` lines, keys padded. */
export function keyValues(entries: readonly (readonly [string, unknown])[]): string {
  const width = Math.max(0, ...entries.map(([key]) => key.length));
  return entries.map(([key, value]) => `${key.padEnd(width)}  ${cell(value)}`.trimEnd()).join('\n');
}

/** The top-level fields a list of records shows as columns: `fields` when given, else the scalar ones of the first records (at most `max`). */
export function recordColumns(records: readonly unknown[], fields: readonly string[] | undefined, max = 6): string[] {
  if (fields && fields.length > 0) return [...fields];
  const columns: string[] = [];
  for (const record of records.slice(0, 20)) {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) continue;
    for (const [key, value] of Object.entries(record)) {
      if (columns.length >= max) return columns;
      if (!columns.includes(key) && (value === null || typeof value !== 'object')) columns.push(key);
    }
  }
  return columns;
}

/** A dot path's value in a record (`profile.email`); lists are shown whole. */
export function pathValue(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
