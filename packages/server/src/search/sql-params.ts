import type { SqlParam } from '../store/sql-engine.js';

/** Collects bound parameters while SQL text is assembled; values never enter the text. */
export class SqlParams {
  readonly values: SqlParam[] = [];

  text(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}::text`;
  }

  json(value: unknown): string {
    this.values.push(JSON.stringify(value));
    return `$${this.values.length}::jsonb`;
  }

  /** A value that already is JSON text (a cursor's copy of a jsonb sort key). */
  jsonText(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}::jsonb`;
  }

  float(value: string): string {
    this.values.push(value);
    return `$${this.values.length}::float8`;
  }

  integer(value: number): string {
    this.values.push(String(value));
    return `$${this.values.length}::integer`;
  }
}
