// Generated from specs/code-hosting.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** JSON Schema (draft-07) of each action's parameters, keyed by entity then action. */
export const paramSchemas = {
  items: {
    list: {
      type: 'object',
      properties: {
        cursor: { description: 'Cursor from meta.next_cursor.', type: 'string' },
        limit: { description: 'Records per page.', type: 'integer', minimum: 1, maximum: 100, default: 50 },
      },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: { id: { description: 'TODO', type: 'string', minLength: 1, not: { enum: ['', '.', '..'] } } },
      required: ['id'],
      additionalProperties: false,
    },
  },
} as const;
/** Lenient JSON Schemas of the records: nullable where the contract says so, unknown keys allowed (vendors add fields). */
export const recordSchemas = {
  definitions: {
    Item: {
      type: 'object',
      description: 'TODO',
      properties: { id: { type: 'string' }, name: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      required: ['id'],
      additionalProperties: true,
    },
  },
} as const;
/** Fields the hosted search index holds, per entity (field → type). */
export const searchableFields = {} as const;
/** JSON Schema of replication_config for hosted connector records. */
export const replicationSchema = { type: 'object', properties: {}, additionalProperties: false } as const;
/** JSON Schema of the config variables (used in the base URL). */
export const configSchema = { type: 'object', properties: {}, additionalProperties: false } as const;
/** Credential kinds: the `auth` object must carry the fields of exactly one. */
export const credentialKinds = {
  Token: {
    kind: 'bearer',
    description: 'TODO where the token comes from.',
    schema: {
      type: 'object',
      properties: { api_token: { description: 'TODO', type: 'string', minLength: 1 } },
      required: ['api_token'],
      additionalProperties: false,
    },
  },
} as const;
