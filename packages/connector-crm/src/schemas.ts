// Generated from specs/crm.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** JSON Schema of the named type Filter, shared by every parameter of that type. */
const filterTypeSchema = {
  description: 'One condition on a property; the filters of a group must all match.',
  type: 'object',
  properties: {
    propertyName: { description: 'Internal name of the property.', type: 'string' },
    operator: {
      description: 'How the property is compared.',
      type: 'string',
      enum: [
        'BETWEEN',
        'CONTAINS_TOKEN',
        'EQ',
        'GT',
        'GTE',
        'HAS_PROPERTY',
        'IN',
        'LT',
        'LTE',
        'NEQ',
        'NOT_CONTAINS_TOKEN',
        'NOT_HAS_PROPERTY',
        'NOT_IN',
      ],
    },
    value: { description: 'The value compared with (the lower bound for BETWEEN).', type: 'string' },
    highValue: { description: 'The upper bound for BETWEEN.', type: 'string' },
    values: { description: 'The values for IN and NOT_IN.', type: 'array', items: { type: 'string' } },
  },
  required: ['propertyName', 'operator'],
  additionalProperties: false,
  allOf: [
    {
      if: { properties: { operator: { enum: ['BETWEEN'] } }, required: ['operator'] },
      then: { required: ['value', 'highValue'], properties: { value: { not: { type: 'null' } }, highValue: { not: { type: 'null' } } } },
    },
    {
      if: { properties: { operator: { enum: ['IN', 'NOT_IN'] } }, required: ['operator'] },
      then: { required: ['values'], properties: { values: { not: { type: 'null' } } } },
    },
  ],
} as const;
/** JSON Schema of the named type FilterGroup, shared by every parameter of that type. */
const filterGroupTypeSchema = {
  description: 'Filters that must all match; a record matches a search when any group matches.',
  type: 'object',
  properties: { filters: { description: 'Up to 10 filters.', type: 'array', maxItems: 10, items: filterTypeSchema } },
  additionalProperties: false,
} as const;
/** JSON Schema of the named type Sort, shared by every parameter of that type. */
const sortTypeSchema = {
  description: 'One sort key.',
  type: 'object',
  properties: {
    propertyName: { description: 'Property to sort by.', type: 'string' },
    direction: { description: "Sort direction (HubSpot's default is ascending).", type: 'string', enum: ['ASCENDING', 'DESCENDING'] },
  },
  required: ['propertyName'],
  additionalProperties: false,
} as const;
/** JSON Schema of the standard parameters of every hosted search action (the search language of @switchyard/runtime). */
const searchParamsSchema = {
  type: 'object',
  properties: {
    query: {
      description: 'Filter and sort conditions over the searchable fields.',
      type: 'object',
      properties: {
        filter: { description: 'Which records match (default: all).', anyOf: [{ $ref: '#/definitions/filter' }, { type: 'null' }] },
        sort: {
          description:
            'Sort keys, applied in order: at most 8, each {field: "asc" | "desc"} naming a declared scalar field once. Default: by score, then record id.',
          type: ['array', 'null'],
          maxItems: 8,
          items: {
            type: 'object',
            minProperties: 1,
            maxProperties: 1,
            propertyNames: { $ref: '#/definitions/fieldPath' },
            additionalProperties: { enum: ['asc', 'desc'] },
          },
        },
      },
      additionalProperties: false,
    },
    limit: {
      description: 'Maximum results (default 1000, at most 1000; page with next_cursor for more).',
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 1000,
      default: 1000,
    },
    cursor: {
      description: "From the previous response's next_cursor.",
      type: ['string', 'null'],
      maxLength: 16384,
      pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
    },
    fields: {
      description: 'Field paths to include in hits: "profile.email", or as segments ["profile", "email"].',
      type: ['array', 'null'],
      minItems: 1,
      maxItems: 100,
      items: {
        anyOf: [
          { $ref: '#/definitions/fieldPath' },
          { type: 'array', minItems: 1, maxItems: 8, items: { $ref: '#/definitions/fieldSegment' } },
        ],
      },
    },
  },
  required: ['query'],
  additionalProperties: false,
  definitions: {
    filter: {
      description:
        'operator → field → value; several operators in one object, or several fields under one operator, must all hold. Filters nest at most 32 levels deep (through and, or, not and any), hold at most 1000 operators in all, and values nest at most 64 levels.',
      type: 'object',
      properties: {
        eq: {
          description: 'Equal (typed: 5 is not "5"); null matches a missing or null field.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { description: 'Any JSON value.' },
        },
        neq: {
          description: 'Not equal; matches records that lack the field.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { description: 'Any JSON value.' },
        },
        gt: {
          description: 'Greater than: numbers numerically, strings by code point.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { anyOf: [{ type: 'number' }, { type: 'string' }] },
        },
        gte: {
          description: 'Greater than or equal.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { anyOf: [{ type: 'number' }, { type: 'string' }] },
        },
        lt: {
          description: 'Less than.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { anyOf: [{ type: 'number' }, { type: 'string' }] },
        },
        lte: {
          description: 'Less than or equal.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { anyOf: [{ type: 'number' }, { type: 'string' }] },
        },
        in: {
          description: 'Equal to one of the values ([] matches nothing).',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { type: 'array', maxItems: 1000 },
        },
        like: {
          description: 'Case-insensitive match; % is the only wildcard (_ and \\ are literal).',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { type: 'string', maxLength: 1000 },
        },
        fuzzy: {
          description: 'Similar text (trigram similarity): typos, case and word order do not matter.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { type: 'string', maxLength: 1000, pattern: '[\\p{L}\\p{N}]' },
        },
        keyword: {
          description: 'Any of the words is present (full text); on object and array fields, in any string inside.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { type: 'string', maxLength: 1000, pattern: '[\\p{L}\\p{N}]' },
        },
        contains: {
          description: 'The array field has this element (objects: an element containing it).',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { description: 'Any JSON value.' },
        },
        any: {
          description: 'One element of the array field satisfies the filter, with paths relative to the element.',
          type: 'object',
          minProperties: 1,
          propertyNames: { $ref: '#/definitions/fieldPath' },
          additionalProperties: { $ref: '#/definitions/filter' },
        },
        and: { description: 'Every filter holds ([] is true).', type: 'array', items: { $ref: '#/definitions/filter' } },
        or: { description: 'At least one filter holds ([] is false).', type: 'array', items: { $ref: '#/definitions/filter' } },
        not: { description: 'The filter does not hold.', $ref: '#/definitions/filter' },
      },
      additionalProperties: false,
    },
    fieldPath: {
      description: "A field: segments joined by dots (profile.email), at most 8. Which fields exist is the entity's (searchableFields).",
      type: 'string',
      pattern: '^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}(?:\\.[A-Za-z0-9_][A-Za-z0-9_-]{0,63}){0,7}$',
    },
    fieldSegment: {
      description: 'One segment of a field path: letters, digits, _ and -, not starting with -.',
      type: 'string',
      pattern: '^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$',
    },
  },
} as const;
/** JSON Schema (draft-07) of each action's parameters, keyed by entity then action. */
export const paramSchemas = {
  companies: {
    list: {
      type: 'object',
      properties: {
        limit: {
          description: 'Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory).',
          type: 'integer',
          maximum: 100,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
        properties: { description: 'Comma-separated property names to return; unknown names are ignored.', type: 'string' },
        propertiesWithHistory: {
          description: 'Comma-separated property names to return with their history (reduces the page size).',
          type: 'string',
        },
        associations: {
          description:
            'Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names).',
          type: 'string',
        },
        archived: { description: 'Return only archived records.', type: 'boolean' },
      },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: {
        companyId: {
          description: 'The company id, or the value of the idProperty property.',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
        properties: { description: 'Comma-separated property names to return.', type: 'string' },
        propertiesWithHistory: { description: 'Comma-separated property names to return with their history.', type: 'string' },
        associations: { description: 'Comma-separated object types whose associated ids to include.', type: 'string' },
        idProperty: {
          description: 'A property with unique values (email for contacts) to look the record up by, instead of its id.',
          type: 'string',
        },
        archived: { description: 'Read an archived record.', type: 'boolean' },
      },
      required: ['companyId'],
      additionalProperties: false,
    },
    search: searchParamsSchema,
    api_search: {
      type: 'object',
      properties: {
        filterGroups: {
          description:
            'Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. At most 25 filters across all items.',
          type: 'array',
          maxItems: 5,
          items: filterGroupTypeSchema,
        },
        sorts: { description: 'Sort keys, applied in order.', type: 'array', items: sortTypeSchema },
        query: {
          description: 'Text searched in the default searchable properties (up to 3,000 characters).',
          type: 'string',
          maxLength: 3000,
        },
        properties: { description: 'Property names to return.', type: 'array', items: { type: 'string' } },
        limit: {
          description: 'Results per page (HubSpot: default 10, at most 200).',
          type: 'integer',
          maximum: 200,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
      },
      additionalProperties: false,
    },
  },
  contacts: {
    list: {
      type: 'object',
      properties: {
        limit: {
          description: 'Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory).',
          type: 'integer',
          maximum: 100,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
        properties: { description: 'Comma-separated property names to return; unknown names are ignored.', type: 'string' },
        propertiesWithHistory: {
          description: 'Comma-separated property names to return with their history (reduces the page size).',
          type: 'string',
        },
        associations: {
          description:
            'Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names).',
          type: 'string',
        },
        archived: { description: 'Return only archived records.', type: 'boolean' },
      },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: {
        contactId: {
          description: 'The contact id, or the value of the idProperty property.',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
        properties: { description: 'Comma-separated property names to return.', type: 'string' },
        propertiesWithHistory: { description: 'Comma-separated property names to return with their history.', type: 'string' },
        associations: { description: 'Comma-separated object types whose associated ids to include.', type: 'string' },
        idProperty: {
          description: 'A property with unique values (email for contacts) to look the record up by, instead of its id.',
          type: 'string',
        },
        archived: { description: 'Read an archived record.', type: 'boolean' },
      },
      required: ['contactId'],
      additionalProperties: false,
    },
    search: searchParamsSchema,
    api_search: {
      type: 'object',
      properties: {
        filterGroups: {
          description:
            'Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. At most 25 filters across all items.',
          type: 'array',
          maxItems: 5,
          items: filterGroupTypeSchema,
        },
        sorts: { description: 'Sort keys, applied in order.', type: 'array', items: sortTypeSchema },
        query: {
          description: 'Text searched in the default searchable properties (up to 3,000 characters).',
          type: 'string',
          maxLength: 3000,
        },
        properties: { description: 'Property names to return.', type: 'array', items: { type: 'string' } },
        limit: {
          description: 'Results per page (HubSpot: default 10, at most 200).',
          type: 'integer',
          maximum: 200,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
      },
      additionalProperties: false,
    },
  },
  deals: {
    list: {
      type: 'object',
      properties: {
        limit: {
          description: 'Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory).',
          type: 'integer',
          maximum: 100,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
        properties: { description: 'Comma-separated property names to return; unknown names are ignored.', type: 'string' },
        propertiesWithHistory: {
          description: 'Comma-separated property names to return with their history (reduces the page size).',
          type: 'string',
        },
        associations: {
          description:
            'Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names).',
          type: 'string',
        },
        archived: { description: 'Return only archived records.', type: 'boolean' },
      },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: {
        dealId: {
          description: 'The deal id, or the value of the idProperty property.',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
        properties: { description: 'Comma-separated property names to return.', type: 'string' },
        propertiesWithHistory: { description: 'Comma-separated property names to return with their history.', type: 'string' },
        associations: { description: 'Comma-separated object types whose associated ids to include.', type: 'string' },
        idProperty: {
          description: 'A property with unique values (email for contacts) to look the record up by, instead of its id.',
          type: 'string',
        },
        archived: { description: 'Read an archived record.', type: 'boolean' },
      },
      required: ['dealId'],
      additionalProperties: false,
    },
    search: searchParamsSchema,
    api_search: {
      type: 'object',
      properties: {
        filterGroups: {
          description:
            'Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. At most 25 filters across all items.',
          type: 'array',
          maxItems: 5,
          items: filterGroupTypeSchema,
        },
        sorts: { description: 'Sort keys, applied in order.', type: 'array', items: sortTypeSchema },
        query: {
          description: 'Text searched in the default searchable properties (up to 3,000 characters).',
          type: 'string',
          maxLength: 3000,
        },
        properties: { description: 'Property names to return.', type: 'array', items: { type: 'string' } },
        limit: {
          description: 'Results per page (HubSpot: default 10, at most 200).',
          type: 'integer',
          maximum: 200,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
      },
      additionalProperties: false,
    },
  },
  objects: {
    list: {
      type: 'object',
      properties: {
        objectType: {
          description: 'Object type id (0-1, 2-…) or name (contacts, p{portalId}_{name}).',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
        limit: {
          description: 'Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory).',
          type: 'integer',
          maximum: 100,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
        properties: { description: 'Comma-separated property names to return; unknown names are ignored.', type: 'string' },
        propertiesWithHistory: {
          description: 'Comma-separated property names to return with their history (reduces the page size).',
          type: 'string',
        },
        associations: {
          description:
            'Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names).',
          type: 'string',
        },
        archived: { description: 'Return only archived records.', type: 'boolean' },
      },
      required: ['objectType'],
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: {
        objectType: {
          description: 'Object type id (0-1, 2-…) or name (contacts, p{portalId}_{name}).',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
        objectId: {
          description: 'The record id, or the value of the idProperty property.',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
        properties: { description: 'Comma-separated property names to return.', type: 'string' },
        propertiesWithHistory: { description: 'Comma-separated property names to return with their history.', type: 'string' },
        associations: { description: 'Comma-separated object types whose associated ids to include.', type: 'string' },
        idProperty: {
          description: 'A property with unique values (email for contacts) to look the record up by, instead of its id.',
          type: 'string',
        },
        archived: { description: 'Read an archived record.', type: 'boolean' },
      },
      required: ['objectType', 'objectId'],
      additionalProperties: false,
    },
  },
  schemas: {
    list: {
      type: 'object',
      properties: { archived: { description: 'Return only archived schemas.', type: 'boolean' } },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: {
        objectType: {
          description: 'Fully qualified name (p{portalId}_{name}) or object type id (2-…).',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
      },
      required: ['objectType'],
      additionalProperties: false,
    },
  },
  tickets: {
    list: {
      type: 'object',
      properties: {
        limit: {
          description: 'Records per page (HubSpot: default 10, at most 100; at most 50 with propertiesWithHistory).',
          type: 'integer',
          maximum: 100,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
        properties: { description: 'Comma-separated property names to return; unknown names are ignored.', type: 'string' },
        propertiesWithHistory: {
          description: 'Comma-separated property names to return with their history (reduces the page size).',
          type: 'string',
        },
        associations: {
          description:
            'Comma-separated object types whose associated ids to include (contacts, companies, deals, tickets, or custom object type ids or names).',
          type: 'string',
        },
        archived: { description: 'Return only archived records.', type: 'boolean' },
      },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: {
        ticketId: {
          description: 'The ticket id, or the value of the idProperty property.',
          type: 'string',
          minLength: 1,
          not: { enum: ['', '.', '..'] },
        },
        properties: { description: 'Comma-separated property names to return.', type: 'string' },
        propertiesWithHistory: { description: 'Comma-separated property names to return with their history.', type: 'string' },
        associations: { description: 'Comma-separated object types whose associated ids to include.', type: 'string' },
        idProperty: {
          description: 'A property with unique values (email for contacts) to look the record up by, instead of its id.',
          type: 'string',
        },
        archived: { description: 'Read an archived record.', type: 'boolean' },
      },
      required: ['ticketId'],
      additionalProperties: false,
    },
    api_search: {
      type: 'object',
      properties: {
        filterGroups: {
          description:
            'Up to 5 groups of up to 10 filters, 25 filters in all; a record matches when any group matches. At most 25 filters across all items.',
          type: 'array',
          maxItems: 5,
          items: filterGroupTypeSchema,
        },
        sorts: { description: 'Sort keys, applied in order.', type: 'array', items: sortTypeSchema },
        query: {
          description: 'Text searched in the default searchable properties (up to 3,000 characters).',
          type: 'string',
          maxLength: 3000,
        },
        properties: { description: 'Property names to return.', type: 'array', items: { type: 'string' } },
        limit: {
          description: 'Results per page (HubSpot: default 10, at most 200).',
          type: 'integer',
          maximum: 200,
          minimum: -9007199254740991,
        },
        after: { description: "Paging cursor from the previous page's meta.next_cursor.", type: 'string' },
      },
      additionalProperties: false,
    },
  },
} as const;
/** Lenient JSON Schemas of the records: nullable where the contract says so, unknown keys allowed (vendors add fields). */
export const recordSchemas = {
  definitions: {
    Company: {
      type: 'object',
      description: 'A company (companies.list, companies.get, companies.api_search).',
      properties: {
        id: { type: 'string' },
        properties: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
        archived: { type: 'boolean' },
        archivedAt: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        propertiesWithHistory: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        associations: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        objectWriteTraceId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        url: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        contacts: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
      },
      required: ['id', 'properties', 'createdAt', 'updatedAt', 'archived'],
      additionalProperties: true,
    },
    Contact: {
      type: 'object',
      description: 'A contact (contacts.list, contacts.get, contacts.api_search).',
      properties: {
        id: { type: 'string' },
        properties: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
        archived: { type: 'boolean' },
        archivedAt: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        propertiesWithHistory: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        associations: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        objectWriteTraceId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        url: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        companies: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
      },
      required: ['id', 'properties', 'createdAt', 'updatedAt', 'archived'],
      additionalProperties: true,
    },
    CrmObject: {
      type: 'object',
      description: 'A CRM record of any object type (tickets.*, objects.*, and the base of contacts, companies and deals).',
      properties: {
        id: { type: 'string' },
        properties: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
        archived: { type: 'boolean' },
        archivedAt: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        propertiesWithHistory: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        associations: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        objectWriteTraceId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        url: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['id', 'properties', 'createdAt', 'updatedAt', 'archived'],
      additionalProperties: true,
    },
    Deal: {
      type: 'object',
      description: 'A deal (deals.list, deals.get, deals.api_search).',
      properties: {
        id: { type: 'string' },
        properties: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
        archived: { type: 'boolean' },
        archivedAt: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        propertiesWithHistory: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        associations: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        objectWriteTraceId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        url: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        companies: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        contacts: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        line_items: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
      },
      required: ['id', 'properties', 'createdAt', 'updatedAt', 'archived'],
      additionalProperties: true,
    },
    ObjectSchema: {
      type: 'object',
      description: "A custom object's schema (schemas.list, schemas.get).",
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        objectTypeId: { type: 'string' },
        fullyQualifiedName: { type: 'string' },
        primaryDisplayProperty: { type: 'string' },
        metaType: { type: 'string' },
        createdAt: { type: 'string' },
        updatedAt: { type: 'string' },
        labels: { type: 'object' },
        requiredProperties: { type: 'array', items: { type: 'string' } },
        searchableProperties: { type: 'array', items: { type: 'string' } },
        secondaryDisplayProperties: { type: 'array', items: { type: 'string' } },
        description: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        allowsSensitiveProperties: { type: 'boolean' },
        archived: { type: 'boolean' },
        restorable: { type: 'boolean' },
        createdByUserId: { type: 'integer' },
        updatedByUserId: { type: 'integer' },
        properties: { type: 'array', items: { type: 'object' } },
        associations: { type: 'array', items: { type: 'object' } },
      },
      required: [
        'id',
        'name',
        'objectTypeId',
        'fullyQualifiedName',
        'primaryDisplayProperty',
        'metaType',
        'createdAt',
        'updatedAt',
        'labels',
        'requiredProperties',
        'searchableProperties',
        'secondaryDisplayProperties',
        'allowsSensitiveProperties',
        'archived',
        'restorable',
        'createdByUserId',
        'updatedByUserId',
        'properties',
        'associations',
      ],
      additionalProperties: true,
    },
    Filter: {
      description: 'One condition on a property; the filters of a group must all match.',
      type: 'object',
      properties: {
        propertyName: { description: 'Internal name of the property.', type: 'string' },
        operator: {
          description: 'How the property is compared.',
          type: 'string',
          enum: [
            'BETWEEN',
            'CONTAINS_TOKEN',
            'EQ',
            'GT',
            'GTE',
            'HAS_PROPERTY',
            'IN',
            'LT',
            'LTE',
            'NEQ',
            'NOT_CONTAINS_TOKEN',
            'NOT_HAS_PROPERTY',
            'NOT_IN',
          ],
        },
        value: { description: 'The value compared with (the lower bound for BETWEEN).', type: 'string' },
        highValue: { description: 'The upper bound for BETWEEN.', type: 'string' },
        values: { description: 'The values for IN and NOT_IN.', type: 'array', items: { type: 'string' } },
      },
      required: ['propertyName', 'operator'],
      additionalProperties: false,
      allOf: [
        {
          if: { properties: { operator: { enum: ['BETWEEN'] } }, required: ['operator'] },
          then: {
            required: ['value', 'highValue'],
            properties: { value: { not: { type: 'null' } }, highValue: { not: { type: 'null' } } },
          },
        },
        {
          if: { properties: { operator: { enum: ['IN', 'NOT_IN'] } }, required: ['operator'] },
          then: { required: ['values'], properties: { values: { not: { type: 'null' } } } },
        },
      ],
    },
    FilterGroup: {
      description: 'Filters that must all match; a record matches a search when any group matches.',
      type: 'object',
      properties: {
        filters: {
          description: 'Up to 10 filters.',
          type: 'array',
          maxItems: 10,
          items: {
            description: 'One condition on a property; the filters of a group must all match.',
            type: 'object',
            properties: {
              propertyName: { description: 'Internal name of the property.', type: 'string' },
              operator: {
                description: 'How the property is compared.',
                type: 'string',
                enum: [
                  'BETWEEN',
                  'CONTAINS_TOKEN',
                  'EQ',
                  'GT',
                  'GTE',
                  'HAS_PROPERTY',
                  'IN',
                  'LT',
                  'LTE',
                  'NEQ',
                  'NOT_CONTAINS_TOKEN',
                  'NOT_HAS_PROPERTY',
                  'NOT_IN',
                ],
              },
              value: { description: 'The value compared with (the lower bound for BETWEEN).', type: 'string' },
              highValue: { description: 'The upper bound for BETWEEN.', type: 'string' },
              values: { description: 'The values for IN and NOT_IN.', type: 'array', items: { type: 'string' } },
            },
            required: ['propertyName', 'operator'],
            additionalProperties: false,
            allOf: [
              {
                if: { properties: { operator: { enum: ['BETWEEN'] } }, required: ['operator'] },
                then: {
                  required: ['value', 'highValue'],
                  properties: { value: { not: { type: 'null' } }, highValue: { not: { type: 'null' } } },
                },
              },
              {
                if: { properties: { operator: { enum: ['IN', 'NOT_IN'] } }, required: ['operator'] },
                then: { required: ['values'], properties: { values: { not: { type: 'null' } } } },
              },
            ],
          },
        },
      },
      additionalProperties: false,
    },
    Sort: {
      description: 'One sort key.',
      type: 'object',
      properties: {
        propertyName: { description: 'Property to sort by.', type: 'string' },
        direction: { description: "Sort direction (HubSpot's default is ascending).", type: 'string', enum: ['ASCENDING', 'DESCENDING'] },
      },
      required: ['propertyName'],
      additionalProperties: false,
    },
  },
} as const;
/** Fields the hosted search index holds, per entity (field → type). */
export const searchableFields = {
  companies: {
    archived: 'boolean',
    contacts: 'array',
    createdAt: 'string',
    id: 'string',
    properties: 'object',
    'properties.domain': 'string',
    'properties.industry': 'string',
    'properties.name': 'string',
    updatedAt: 'string',
  },
  contacts: {
    archived: 'boolean',
    companies: 'array',
    createdAt: 'string',
    id: 'string',
    properties: 'object',
    'properties.email': 'string',
    'properties.firstname': 'string',
    'properties.lastname': 'string',
    'properties.lifecyclestage': 'string',
    updatedAt: 'string',
  },
  deals: {
    archived: 'boolean',
    companies: 'array',
    contacts: 'array',
    createdAt: 'string',
    id: 'string',
    line_items: 'array',
    properties: 'object',
    'properties.amount': 'string',
    'properties.dealname': 'string',
    'properties.dealstage': 'string',
    'properties.pipeline': 'string',
    updatedAt: 'string',
  },
} as const;
/** JSON Schema of replication_config for hosted connector records. */
export const replicationSchema = { type: 'object', properties: {}, additionalProperties: false } as const;
/** JSON Schema of the config variables (used in the base URL). */
export const configSchema = { type: 'object', properties: {}, additionalProperties: false } as const;
/** Credential kinds: the `auth` object must carry the fields of exactly one. */
export const credentialKinds = {
  'Access token': {
    kind: 'bearer',
    description: 'A private app access token (pat-…), or an OAuth access token managed by the caller.',
    schema: {
      type: 'object',
      properties: {
        access_token: {
          description: 'Private app token from Settings → Integrations → Private apps, or an OAuth access token.',
          type: 'string',
          minLength: 1,
        },
      },
      required: ['access_token'],
      additionalProperties: false,
    },
  },
  'OAuth refresh': {
    kind: 'oauth2',
    description: "OAuth app credentials and a refresh token; access tokens are obtained and renewed at HubSpot's token endpoint.",
    schema: {
      type: 'object',
      properties: {
        client_id: { description: "The app's client id.", type: 'string', minLength: 1 },
        client_secret: { description: "The app's client secret.", type: 'string', minLength: 1 },
        refresh_token: { description: 'The refresh token received when the account installed the app.', type: 'string', minLength: 1 },
      },
      required: ['client_id', 'client_secret', 'refresh_token'],
      additionalProperties: false,
    },
  },
} as const;
