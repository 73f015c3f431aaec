/**
 * Linear's error vocabulary. Resolvers throw `LinearError`; the handler turns it into the
 * `errors[]` entry Linear sends, with `extensions.code`, `type`, `userError` and
 * `userPresentableMessage`, and picks the HTTP status (200 unless an error asks for more).
 */
import type { GraphQLError } from 'graphql';

export class LinearError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly options: { userPresentableMessage?: string; httpStatus?: number; type?: string } = {},
  ) {
    super(message);
    this.name = 'LinearError';
  }
}

/** `issue(id: "nope")` → `Entity not found: Issue` under HTTP 200, `data: null`. */
export function notFound(entity: string): LinearError {
  return new LinearError(`Entity not found: ${entity}`, 'INVALID_INPUT', {
    type: 'invalid input',
    userPresentableMessage: `Could not find referenced ${entity}.`,
  });
}

export function invalidInput(userMessage: string, httpStatus = 200): LinearError {
  return new LinearError('Argument Validation Error', 'INVALID_INPUT', {
    type: 'invalid input',
    userPresentableMessage: userMessage,
    httpStatus,
  });
}

export interface WireError {
  message: string;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  path?: ReadonlyArray<string | number>;
  extensions: Record<string, unknown>;
}

/** One `errors[]` entry; unexpected exceptions become INTERNAL_SERVER_ERROR and are logged. */
export function toWire(error: GraphQLError): { wire: WireError; status: number } {
  const original = error.originalError;
  const base = { message: error.message, locations: error.locations, path: error.path };
  if (original instanceof LinearError) {
    return {
      wire: {
        ...base,
        extensions: {
          code: original.code,
          type: original.options.type ?? 'invalid input',
          userError: true,
          userPresentableMessage: original.options.userPresentableMessage ?? original.message,
        },
      },
      status: original.options.httpStatus ?? 200,
    };
  }
  if (original) {
    console.error('[linear fake] resolver crashed', original);
    return { wire: { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR', type: 'internal error', userError: false } }, status: 500 };
  }
  // Errors graphql-js raised itself during execution (e.g. null in a non-null field).
  return { wire: { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR', type: 'graphql error', userError: false } }, status: 200 };
}

/** A request-level error (auth, parse, validation, bad body) as Linear answers it. */
export function requestError(message: string, code: string, type: string, locations?: WireError['locations']): WireError {
  return {
    message,
    ...(locations ? { locations } : {}),
    extensions: { code, type, userError: true, userPresentableMessage: message },
  };
}
