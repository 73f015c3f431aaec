/**
 * Maps transport errors to resource errors by status code, not by body: every 404 from either API
 * becomes MissingResourceError naming what was missing, with the transport's error as its cause.
 * (A 403 stays the runtime's PermissionDeniedError; its message says the id may not exist, see
 * describe-error.ts.)
 */
import { NotFoundError } from '@switchyard/runtime';
import { MissingResourceError, type ResourceType } from '../errors.js';

export async function forResource<T>(resourceType: ResourceType, resourceId: string | number, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw missing(resourceType, resourceId, 'was not found on the platform (HTTP 404). Check the id and the workspace.', error);
    }
    throw error;
  }
}

export function missing(resourceType: ResourceType, resourceId: string | number, why: string, cause?: unknown): MissingResourceError {
  return new MissingResourceError(`The ${resourceType} ${resourceId} ${why}`, {
    resourceType,
    resourceId: String(resourceId),
    ...(cause === undefined ? {} : { cause }),
  });
}
