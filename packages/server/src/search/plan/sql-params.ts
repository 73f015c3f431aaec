import type { EntityScope } from '../../store/scope.js';
import type { SqlParam } from '../../store/sql-engine.js';

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

/** A search statement's scope condition on `sy_records r`; its parameters are always $1..$3. */
export const SCOPE = 'r.tenant_id = $1::text AND r.connector_id = $2::text AND r.entity = $3::text';

/** Parameters that start with the scope's $1..$3, for statements using SCOPE. */
export function scopedParams(scope: EntityScope): SqlParams {
  const params = new SqlParams();
  params.values.push(scope.tenantId, scope.connectorId, scope.entity);
  return params;
}
