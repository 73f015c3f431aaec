/**
 * A starter spec that validates as written, with TODOs where the vendor's facts go. The fake and
 * matrix fixture that `pnpm new-connector` writes beside it (scaffold-matrix.ts) serve exactly
 * what it declares: change them together.
 */
import { pascalCase } from '../spec/defaults.js';

export function scaffoldSpec(name: string): string {
  const title = pascalCase(name).replace(/([a-z])([A-Z])/g, '$1 $2');
  return `# yaml-language-server: $schema=./connector.schema.json
#
# ${title} connector: declare the entities, actions and records callers rely on, and the vendor's
# quirks (paging, errors inside 2xx bodies) as data. The format is documented property by property
# in specs/connector.schema.json.
name: ${name}
title: ${title}
vendor: TODO vendor API name
description: TODO one paragraph for the package README.
baseUrl: https://api.example.com/v1 # TODO

auth:
  Token:
    kind: bearer
    description: TODO where the token comes from.
    fields:
      api_token: { description: TODO }
    token: '{api_token}'

errors:
  message: [message]

records:
  Item:
    description: TODO
    fields:
      id: string
      name: string?

entities:
  items:
    record: Item
    # Fields hosted search can filter on; the execution service keeps a synced copy of the records.
    searchable:
      id: string
      name: string
    # How the service fills that copy. TODO: if the vendor's list filters by update time, add
    # \`incremental\` so a sync fetches only changes (see entities.*.sync in the schema).
    sync: { action: list, params: { limit: 100 } }
    actions:
      list:
        description: TODO
        request: { method: GET, path: /items }
        params:
          cursor: { type: string, description: Cursor from meta.next_cursor. }
          limit: { type: integer, minimum: 1, maximum: 100, default: 50, description: Records per page. }
        response: { records: data }
        pagination: { style: cursor, cursorParam: cursor, next: next_cursor }
        meta:
          next_cursor: $next
      get:
        description: TODO
        request: { method: GET, path: '/items/{id}' }
        params:
          id: { type: string, required: true, minLength: 1, description: TODO }
        response: { records: '' }
      search:
        description: Searches the synced copy of items (hosted mode only).
`;
}
