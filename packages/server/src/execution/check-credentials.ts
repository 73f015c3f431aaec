/**
 * `check: true` at creation: one cheap live read with the new credentials, so credentials the
 * vendor refuses are caught when the connector is created, not at its first execute. The read is
 * the first list action that needs no parameter, asking for one record when it has a page size.
 */
import {
  AuthenticationError,
  PermissionDeniedError,
  ValidationError,
  type ActionMetadata,
  type ConnectorMetadata,
  type Executor,
} from '@switchyard/runtime';
import { vendorAnswer } from './describe-failure.js';

/** Page-size parameter names in common use; the first one an action has is set to its minimum. */
const PAGE_SIZE_PARAMS = ['limit', 'first', 'per_page', 'page_size'];

/**
 * The action a check runs and its params; undefined when the family has no such list action. A
 * plain GET list is preferred (Gong's transcript list, a POST, is no cheap read; its user list is),
 * then any list, each needing no input and asked for one record.
 */
export function checkAction(metadata: ConnectorMetadata): { action: ActionMetadata; params: Record<string, unknown> } | undefined {
  const candidates = Object.values(metadata.actions)
    .flatMap((actions) => Object.values(actions))
    .filter((action) => action.kind === 'list' && !action.hostedOnly)
    .filter((action) => !Object.values(action.params).some((rule) => rule.required === true && rule.default === undefined));
  const action = candidates.find((a) => a.request?.method === 'GET') ?? candidates[0];
  if (!action) return undefined;
  const params: Record<string, unknown> = {};
  const size = PAGE_SIZE_PARAMS.find((name) => action.params[name]?.type === 'integer');
  if (size) params[size] = Math.max(1, action.params[size]!.minimum ?? 1);
  return { action, params };
}

/**
 * Runs the check. A vendor that refuses the credentials (401/403) is reported as a ValidationError
 * on `credentials`, like any other bad creation input; any other failure (a vendor error code, a
 * timeout, the vendor being down) is rethrown as the runtime raised it, so it answers as a
 * connector_error problem that says what went wrong, in the service's words (describe-failure.ts).
 */
export async function checkCredentials(metadata: ConnectorMetadata, executor: Executor, signal?: AbortSignal): Promise<void> {
  const chosen = checkAction(metadata);
  if (!chosen) return;
  try {
    await executor.execute(
      { entity: chosen.action.entity, action: chosen.action.action, params: chosen.params },
      signal ? { signal } : undefined,
    );
  } catch (error) {
    if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
      // Said in the service's terms, as every failure is (describe-failure.ts): the runtime's message
      // names the vendor URL it called (an operator setting, see --vendor-base-url) and speaks to SDK
      // users (`auth`), neither of which an API client should see.
      const answer = vendorAnswer(error);
      const meaning =
        error instanceof AuthenticationError
          ? 'they are invalid, expired or revoked; send valid ones'
          : 'they lack a permission or scope the connector needs; grant it or send credentials that have it';
      throw new ValidationError('connector check', [
        {
          path: 'credentials',
          rule: 'rejected',
          message: `the vendor refused these credentials (${answer}) on a test read of ${chosen.action.entity}: ${meaning}`,
        },
      ]);
    }
    throw error;
  }
}
