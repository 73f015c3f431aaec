// Generated from specs/customer-messaging.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ConnectorMetadata } from '@switchyard/runtime';

/** Everything the runtime needs to run this connector: requests, parameter rules, pagination, errors. */
export const metadata: ConnectorMetadata = deepFreeze<ConnectorMetadata>({
  name: 'customer-messaging',
  title: 'Customer Messaging',
  vendor: 'TODO vendor API name',
  baseUrl: 'https://api.example.com/v1',
  config: {},
  auth: [
    {
      kind: 'bearer',
      description: 'TODO where the token comes from.',
      fields: { api_token: { description: 'TODO', required: true, secret: true } },
      token: '{api_token}',
      name: 'Token',
    },
  ],
  bodyErrors: [],
  errorMessage: ['message'],
  errorCode: ['code', 'error', 'errors.0.code'],
  actions: {
    items: {
      list: {
        entity: 'items',
        action: 'list',
        kind: 'list',
        description: 'TODO',
        idempotent: true,
        returnsList: true,
        params: { cursor: { type: 'string', in: 'query' }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 50, in: 'query' } },
        request: { method: 'GET', path: '/items' },
        response: { records: 'data' },
        pagination: { style: 'cursor', cursorParam: 'cursor', next: 'next_cursor', metaMember: 'next_cursor' },
        meta: { next_cursor: '$next' },
        recordType: 'Item',
      },
      get: {
        entity: 'items',
        action: 'get',
        kind: 'get',
        description: 'TODO',
        idempotent: true,
        params: { id: { type: 'string', required: true, minLength: 1, in: 'path' } },
        request: { method: 'GET', path: '/items/{id}' },
        response: { records: '' },
        recordType: 'Item',
      },
    },
  },
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof RegExp)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }

  return value;
}
