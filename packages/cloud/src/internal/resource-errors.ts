/**
 * Maps transport errors to resource errors by status code, not by body: every 404 from either API
 * becomes MissingResourceError naming what was missing, and a 403 says that the id may simply not
 * exist (the platform checks permissions before it looks an id up).
 */
import { NotFoundError, PermissionDeniedError } from '@switchyard/runtime';
import { MissingResourceError, type ResourceType } from '../errors.js';

export async function forResource<T>(resourceType: ResourceType, resourceId: string | number, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translate(error, resourceType, String(resourceId));
  }
}

export function missing(resourceType: ResourceType, resourceId: string | number, why: string, cause?: unknown): MissingResourceError {
  return new MissingResourceError(`The ${resourceType} ${resourceId} ${why}`, {
    resourceType,
    resourceId: String(resourceId),
    ...(cause === undefined ? {} : { cause }),
  });
}

function translate(error: unknown, resourceType: ResourceType, resourceId: string): unknown {
  if (error instanceof NotFoundError) {
    return missing(resourceType, resourceId, `was not found on the platform (HTTP 404). Check the id and the workspace.`, error);
  }
  if (error instanceof PermissionDeniedError && !error.message.includes('may not exist')) {
    return new PermissionDeniedError(
      `${error.message}. The ${resourceType} ${resourceId} may not exist, or may belong to a workspace these credentials cannot read`,
      { status: error.status, headers: error.headers, body: error.body, requestId: error.requestId, code: error.code },
    );
  }
  return error;
}
