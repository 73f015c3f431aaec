import { ValidationError, type ValidationIssue } from '@switchyard/runtime';

/** Whose records: the tenant (application and end user, as the auth layer names them) and one connector. */
export interface ConnectorScope {
  readonly tenantId: string;
  readonly connectorId: string;
}

/** One entity of one connector of one tenant: the unit a sync writes and a search reads. */
export interface EntityScope extends ConnectorScope {
  readonly entity: string;
}

const MAX_KEY_LENGTH = 512;

/** Every key part must be a non-empty string; an empty tenant would silently widen a query. */
export function checkScope(scope: Partial<EntityScope>, parts: readonly (keyof EntityScope)[]): void {
  const issues: ValidationIssue[] = [];
  for (const part of parts) {
    const value: unknown = scope[part];
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_KEY_LENGTH) {
      issues.push({ path: part, rule: 'scope', message: `must be a non-empty string of at most ${MAX_KEY_LENGTH} characters` });
    }
  }
  if (issues.length > 0) throw new ValidationError('record scope', issues);
}
