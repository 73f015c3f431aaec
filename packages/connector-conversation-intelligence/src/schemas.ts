// Generated from specs/conversation-intelligence.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** JSON Schema of the standard parameters of every hosted search action. */
const searchParamsSchema = {
  type: 'object',
  properties: {
    query: {
      description:
        'Filter and sort conditions over the searchable fields: { filter?: {operator: {field: value}}, sort?: [{field: "asc" | "desc"}] }.',
      type: 'object',
      properties: {
        filter: { description: 'Operators eq, neq, gt, gte, lt, lte, in, like, fuzzy, keyword, not, and, or.', type: 'object' },
        sort: { description: 'Sort conditions, applied in order.', type: 'array', items: { type: 'object' } },
      },
      additionalProperties: false,
    },
    limit: { description: 'Maximum results (default 1000).', type: 'integer', minimum: 1, default: 1000, maximum: 9007199254740991 },
    cursor: { description: "Cursor from the previous response's next_cursor.", type: 'string' },
    fields: { description: 'Field paths to include in results.', type: 'array', items: { type: 'string' } },
  },
  required: ['query'],
  additionalProperties: false,
} as const;
/** JSON Schema (draft-07) of each action's parameters, keyed by entity then action. */
export const paramSchemas = {
  call_audio: {
    download: {
      type: 'object',
      properties: {
        filter: {
          description: '{ callIds: [id] } naming the one call whose recording is downloaded.',
          type: 'object',
          properties: {
            callIds: {
              description: 'The call id, alone in the array.',
              type: 'array',
              minItems: 1,
              maxItems: 1,
              items: { type: 'string', pattern: '^[0-9]{1,20}$' },
            },
          },
          required: ['callIds'],
          additionalProperties: false,
        },
        contentSelector: {
          description: 'Must ask for media URLs: { exposedFields: { media: true } } (the default).',
          type: 'object',
          default: { exposedFields: { media: true } },
          properties: {
            exposedFields: {
              type: 'object',
              properties: { media: { description: 'Must be true to obtain the media URLs.', type: 'boolean', enum: [true] } },
              required: ['media'],
              additionalProperties: false,
            },
          },
          required: ['exposedFields'],
          additionalProperties: false,
        },
        range_header: {
          description: 'Part of the file to download (HTTP Range form); the file host answers 206 with those bytes.',
          type: 'string',
          pattern: '^bytes=(?:[0-9]+-[0-9]*|-[0-9]+)$',
        },
      },
      required: ['filter'],
      additionalProperties: false,
    },
  },
  call_transcripts: {
    list: {
      type: 'object',
      properties: {
        filter: {
          description: 'Which calls: { fromDateTime, toDateTime, callIds }; every call when omitted.',
          type: 'object',
          default: {},
          properties: {
            fromDateTime: {
              description: 'Only calls that started at or after this ISO 8601 time (optional when callIds is given).',
              type: 'string',
              format: 'date-time',
              pattern:
                '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
            },
            toDateTime: {
              description: 'Only calls that started before this ISO 8601 time (optional when callIds is given).',
              type: 'string',
              format: 'date-time',
              pattern:
                '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
            },
            callIds: {
              description: 'Only these calls (Gong call ids).',
              type: 'array',
              items: { type: 'string', pattern: '^[0-9]{1,20}$' },
            },
          },
          additionalProperties: false,
        },
        cursor: {
          description: "Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page.",
          type: 'string',
        },
      },
      additionalProperties: false,
    },
  },
  call_video: {
    download: {
      type: 'object',
      properties: {
        filter: {
          description: '{ callIds: [id] } naming the one call whose recording is downloaded.',
          type: 'object',
          properties: {
            callIds: {
              description: 'The call id, alone in the array.',
              type: 'array',
              minItems: 1,
              maxItems: 1,
              items: { type: 'string', pattern: '^[0-9]{1,20}$' },
            },
          },
          required: ['callIds'],
          additionalProperties: false,
        },
        contentSelector: {
          description: 'Must ask for media URLs: { exposedFields: { media: true } } (the default).',
          type: 'object',
          default: { exposedFields: { media: true } },
          properties: {
            exposedFields: {
              type: 'object',
              properties: { media: { description: 'Must be true to obtain the media URLs.', type: 'boolean', enum: [true] } },
              required: ['media'],
              additionalProperties: false,
            },
          },
          required: ['exposedFields'],
          additionalProperties: false,
        },
        range_header: {
          description: 'Part of the file to download (HTTP Range form); the file host answers 206 with those bytes.',
          type: 'string',
          pattern: '^bytes=(?:[0-9]+-[0-9]*|-[0-9]+)$',
        },
      },
      required: ['filter'],
      additionalProperties: false,
    },
  },
  calls: {
    list: {
      type: 'object',
      properties: {
        fromDateTime: {
          description: 'Only calls that started at or after this ISO 8601 time.',
          type: 'string',
          format: 'date-time',
          pattern:
            '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
        },
        toDateTime: {
          description: 'Only calls that started before this ISO 8601 time.',
          type: 'string',
          format: 'date-time',
          pattern:
            '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
        },
        cursor: { description: "Cursor from the previous page's `meta.cursor`; omit for the first page.", type: 'string' },
      },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: { id: { description: 'Gong call id.', type: 'string', pattern: '^[0-9]{1,20}$', not: { enum: ['', '.', '..'] } } },
      required: ['id'],
      additionalProperties: false,
    },
    search: searchParamsSchema,
  },
  calls_extensive: {
    list: {
      type: 'object',
      properties: {
        filter: {
          description: 'Which calls: { fromDateTime, toDateTime, callIds, workspaceId }; {} for every call.',
          type: 'object',
          properties: {
            fromDateTime: {
              description: 'Only calls that started at or after this ISO 8601 time.',
              type: 'string',
              format: 'date-time',
              pattern:
                '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
            },
            toDateTime: {
              description: 'Only calls that started before this ISO 8601 time.',
              type: 'string',
              format: 'date-time',
              pattern:
                '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
            },
            callIds: {
              description: 'Only these calls (Gong call ids).',
              type: 'array',
              items: { type: 'string', pattern: '^[0-9]{1,20}$' },
            },
            workspaceId: { description: 'Only calls of this workspace.', type: 'string', pattern: '^[0-9]{1,20}$' },
          },
          additionalProperties: false,
        },
        contentSelector: {
          description: 'Which parts of each call to return (metaData only when omitted).',
          type: 'object',
          properties: {
            context: {
              description: 'CRM context: Basic adds links to external systems, Extended their data too (Gong default None).',
              type: 'string',
              enum: ['None', 'Basic', 'Extended'],
            },
            contextTiming: {
              description: 'CRM field values as they are now and/or as they were at the time of the call.',
              type: 'array',
              items: { type: 'string', enum: ['Now', 'TimeOfCall'] },
            },
            exposedFields: {
              type: 'object',
              properties: {
                collaboration: {
                  type: 'object',
                  properties: { publicComments: { description: 'Include public comments.', type: 'boolean' } },
                  additionalProperties: false,
                },
                content: {
                  type: 'object',
                  properties: {
                    pointsOfInterest: { description: 'Deprecated by Gong in favour of highlights.', type: 'boolean' },
                    structure: { description: 'Call agenda sections and their durations.', type: 'boolean' },
                    topics: { description: 'Topics discussed and their durations.', type: 'boolean' },
                    trackers: { description: 'Trackers that fired and their counts.', type: 'boolean' },
                    trackerOccurrences: { description: 'When each tracker fired (needs trackers).', type: 'boolean' },
                    brief: { description: 'Call brief (generated summary).', type: 'boolean' },
                    outline: { description: 'Call outline sections.', type: 'boolean' },
                    highlights: { description: 'Call highlights (next steps, action items).', type: 'boolean' },
                    callOutcome: { description: 'Outcome of the call.', type: 'boolean' },
                    keyPoints: { description: 'Key points of the call.', type: 'boolean' },
                  },
                  additionalProperties: false,
                },
                interaction: {
                  type: 'object',
                  properties: {
                    personInteractionStats: { description: 'Include interaction statistics.', type: 'boolean' },
                    questions: { description: 'Include question counts.', type: 'boolean' },
                    speakers: { description: 'Include talk time per speaker.', type: 'boolean' },
                    video: { description: 'Include video statistics.', type: 'boolean' },
                  },
                  additionalProperties: false,
                },
                media: { description: 'Include pre-signed audio and video URLs (valid 8 hours).', type: 'boolean' },
                parties: { description: 'Include participants.', type: 'boolean' },
              },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
        cursor: {
          description: "Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page.",
          type: 'string',
        },
      },
      required: ['filter'],
      additionalProperties: false,
    },
    search: searchParamsSchema,
  },
  coaching: {
    list: {
      type: 'object',
      properties: {
        workspace_id: { description: 'Workspace id.', type: 'string', pattern: '^[0-9]{1,20}$' },
        manager_id: { description: 'User id of the manager.', type: 'string', pattern: '^[0-9]{1,20}$' },
        from_: {
          description: 'Start of the period (ISO 8601).',
          type: 'string',
          format: 'date-time',
          pattern:
            '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
        },
        to: {
          description: 'End of the period (ISO 8601).',
          type: 'string',
          format: 'date-time',
          pattern:
            '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])[Tt](?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[Zz]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
        },
      },
      required: ['workspace_id', 'manager_id', 'from_', 'to'],
      additionalProperties: false,
    },
  },
  library_folder_content: {
    list: {
      type: 'object',
      properties: {
        folderId: { description: 'Library folder id (from library_folders.list).', type: 'string', pattern: '^[0-9]{1,20}$' },
        cursor: { description: "Cursor from the previous page's `meta.cursor`; omit for the first page.", type: 'string' },
      },
      required: ['folderId'],
      additionalProperties: false,
    },
  },
  library_folders: {
    list: {
      type: 'object',
      properties: {
        workspaceId: { description: 'Workspace whose folders are listed (optional).', type: 'string', pattern: '^[0-9]{1,20}$' },
      },
      additionalProperties: false,
    },
  },
  settings_scorecards: {
    list: {
      type: 'object',
      properties: { workspaceId: { description: 'Only scorecards of this workspace.', type: 'string', pattern: '^[0-9]{1,20}$' } },
      additionalProperties: false,
    },
    search: searchParamsSchema,
  },
  settings_trackers: {
    list: {
      type: 'object',
      properties: { workspaceId: { description: 'Only trackers of this workspace.', type: 'string', pattern: '^[0-9]{1,20}$' } },
      additionalProperties: false,
    },
  },
  stats_activity_aggregate: {
    list: {
      type: 'object',
      properties: {
        filter: {
          description: 'Period and users: { fromDate, toDate, userIds }.',
          type: 'object',
          properties: {
            fromDate: { description: 'First day (YYYY-MM-DD, company time zone, inclusive).', type: 'string', format: 'date' },
            toDate: { description: 'Day after the last (YYYY-MM-DD, exclusive).', type: 'string', format: 'date' },
            userIds: {
              description: 'Only these users (Gong user ids); all users when omitted.',
              type: 'array',
              items: { type: 'string', pattern: '^[0-9]{1,20}$' },
            },
          },
          required: ['fromDate', 'toDate'],
          additionalProperties: false,
        },
        cursor: {
          description: "Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page.",
          type: 'string',
        },
      },
      required: ['filter'],
      additionalProperties: false,
    },
  },
  stats_activity_day_by_day: {
    list: {
      type: 'object',
      properties: {
        filter: {
          description: 'Period and users: { fromDate, toDate, userIds }.',
          type: 'object',
          properties: {
            fromDate: { description: 'First day (YYYY-MM-DD, company time zone, inclusive).', type: 'string', format: 'date' },
            toDate: { description: 'Day after the last (YYYY-MM-DD, exclusive).', type: 'string', format: 'date' },
            userIds: {
              description: 'Only these users (Gong user ids); all users when omitted.',
              type: 'array',
              items: { type: 'string', pattern: '^[0-9]{1,20}$' },
            },
          },
          required: ['fromDate', 'toDate'],
          additionalProperties: false,
        },
        cursor: {
          description: "Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page.",
          type: 'string',
        },
      },
      required: ['filter'],
      additionalProperties: false,
    },
  },
  stats_interaction: {
    list: {
      type: 'object',
      properties: {
        filter: {
          description: 'Period and users: { fromDate, toDate, userIds }.',
          type: 'object',
          properties: {
            fromDate: { description: 'First day (YYYY-MM-DD, company time zone, inclusive).', type: 'string', format: 'date' },
            toDate: { description: 'Day after the last (YYYY-MM-DD, exclusive).', type: 'string', format: 'date' },
            userIds: {
              description: 'Only these users (Gong user ids); all users when omitted.',
              type: 'array',
              items: { type: 'string', pattern: '^[0-9]{1,20}$' },
            },
          },
          required: ['fromDate', 'toDate'],
          additionalProperties: false,
        },
        cursor: {
          description: "Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page.",
          type: 'string',
        },
      },
      required: ['filter'],
      additionalProperties: false,
    },
  },
  users: {
    list: {
      type: 'object',
      properties: { cursor: { description: "Cursor from the previous page's `meta.cursor`; omit for the first page.", type: 'string' } },
      additionalProperties: false,
    },
    get: {
      type: 'object',
      properties: { id: { description: 'Gong user id.', type: 'string', pattern: '^[0-9]{1,20}$', not: { enum: ['', '.', '..'] } } },
      required: ['id'],
      additionalProperties: false,
    },
    search: searchParamsSchema,
  },
  workspaces: { list: { type: 'object', properties: {}, additionalProperties: false } },
} as const;
/** Lenient JSON Schemas of the records: nullable where the contract says so, unknown keys allowed (vendors add fields). */
export const recordSchemas = {
  definitions: {
    AggregateActivity: {
      type: 'object',
      description: "Counts of a user's activity over the requested period.",
      properties: {
        callsAsHost: { type: 'integer' },
        callsGaveFeedback: { type: 'integer' },
        callsRequestedFeedback: { type: 'integer' },
        callsReceivedFeedback: { type: 'integer' },
        ownCallsListenedTo: { type: 'integer' },
        othersCallsListenedTo: { type: 'integer' },
        callsSharedInternally: { type: 'integer' },
        callsSharedExternally: { type: 'integer' },
        callsScorecardsFilled: { type: 'integer' },
        callsScorecardsReceived: { type: 'integer' },
        callsAttended: { type: 'integer' },
        callsCommentsGiven: { type: 'integer' },
        callsCommentsReceived: { type: 'integer' },
        callsMarkedAsFeedbackGiven: { type: 'integer' },
        callsMarkedAsFeedbackReceived: { type: 'integer' },
      },
      required: [
        'callsAsHost',
        'callsGaveFeedback',
        'callsRequestedFeedback',
        'callsReceivedFeedback',
        'ownCallsListenedTo',
        'othersCallsListenedTo',
        'callsSharedInternally',
        'callsSharedExternally',
        'callsScorecardsFilled',
        'callsScorecardsReceived',
        'callsAttended',
        'callsCommentsGiven',
        'callsCommentsReceived',
        'callsMarkedAsFeedbackGiven',
        'callsMarkedAsFeedbackReceived',
      ],
      additionalProperties: true,
    },
    Call: {
      type: 'object',
      description: "A call's basic data (calls.list, calls.get, and metaData of an extensive call).",
      properties: {
        id: { type: 'string' },
        url: { type: 'string' },
        title: { type: 'string' },
        scheduled: { type: 'string' },
        started: { type: 'string' },
        duration: { type: 'integer' },
        primaryUserId: { type: 'string' },
        direction: { type: 'string' },
        system: { type: 'string' },
        scope: { type: 'string' },
        media: { type: 'string' },
        language: { type: 'string' },
        workspaceId: { type: 'string' },
        meetingUrl: { type: 'string' },
        sdrDisposition: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        clientUniqueId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        customData: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        purpose: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        calendarEventId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        isPrivate: { type: 'boolean' },
      },
      required: [
        'id',
        'url',
        'title',
        'scheduled',
        'started',
        'duration',
        'primaryUserId',
        'direction',
        'system',
        'scope',
        'media',
        'language',
        'workspaceId',
        'meetingUrl',
        'isPrivate',
      ],
      additionalProperties: true,
    },
    CallTranscript: {
      type: 'object',
      description: 'The transcript of one call (call_transcripts.list).',
      properties: { callId: { type: 'string' }, transcript: { type: 'array', items: { type: 'object' } } },
      required: ['callId', 'transcript'],
      additionalProperties: true,
    },
    Coaching: {
      type: 'object',
      description: 'Coaching metrics of one manager and their direct reports (coaching.list).',
      properties: {
        manager: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        directReportsMetrics: { anyOf: [{ type: 'array', items: { type: 'object' } }, { type: 'null' }] },
      },
      required: [],
      additionalProperties: true,
    },
    DailyActivity: {
      type: 'object',
      description: "A user's activity on one day, each member listing the call ids involved.",
      properties: {
        callsAsHost: { type: 'array', items: { type: 'string' } },
        callsGaveFeedback: { type: 'array', items: { type: 'string' } },
        callsRequestedFeedback: { type: 'array', items: { type: 'string' } },
        callsReceivedFeedback: { type: 'array', items: { type: 'string' } },
        ownCallsListenedTo: { type: 'array', items: { type: 'string' } },
        othersCallsListenedTo: { type: 'array', items: { type: 'string' } },
        callsSharedInternally: { type: 'array', items: { type: 'string' } },
        callsSharedExternally: { type: 'array', items: { type: 'string' } },
        callsAttended: { type: 'array', items: { type: 'string' } },
        callsCommentsGiven: { type: 'array', items: { type: 'string' } },
        callsCommentsReceived: { type: 'array', items: { type: 'string' } },
        callsMarkedAsFeedbackGiven: { type: 'array', items: { type: 'string' } },
        callsMarkedAsFeedbackReceived: { type: 'array', items: { type: 'string' } },
        callsScorecardsFilled: { type: 'array', items: { type: 'string' } },
        callsScorecardsReceived: { type: 'array', items: { type: 'string' } },
        fromDate: { type: 'string' },
        toDate: { type: 'string' },
      },
      required: [
        'callsAsHost',
        'callsGaveFeedback',
        'callsRequestedFeedback',
        'callsReceivedFeedback',
        'ownCallsListenedTo',
        'othersCallsListenedTo',
        'callsSharedInternally',
        'callsSharedExternally',
        'callsAttended',
        'callsCommentsGiven',
        'callsCommentsReceived',
        'callsMarkedAsFeedbackGiven',
        'callsMarkedAsFeedbackReceived',
        'callsScorecardsFilled',
        'callsScorecardsReceived',
        'fromDate',
        'toDate',
      ],
      additionalProperties: true,
    },
    ExtensiveCall: {
      type: 'object',
      description: 'A call with the parts contentSelector asked for (calls_extensive.list).',
      properties: {
        id: { type: 'string' },
        startdatetime: { type: 'string' },
        metaData: { $ref: '#/definitions/Call' },
        context: { anyOf: [{ type: 'array', items: { type: 'object' } }, { type: 'null' }] },
        parties: { anyOf: [{ type: 'array', items: { type: 'object' } }, { type: 'null' }] },
        interaction: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        collaboration: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        content: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        media: { anyOf: [{ type: 'object' }, { type: 'null' }] },
      },
      required: ['id', 'startdatetime', 'metaData'],
      additionalProperties: true,
    },
    InteractionStat: {
      type: 'object',
      description: 'One interaction measure (Talk Ratio, Longest Monologue, Interactivity, Patience, …).',
      properties: { name: { type: 'string' }, value: { type: 'number' } },
      required: ['name', 'value'],
      additionalProperties: true,
    },
    LibraryCall: {
      type: 'object',
      description: 'A call (or call snippet) in a library folder (library_folder_content.list).',
      properties: {
        callId: { type: 'string' },
        title: { type: 'string' },
        started: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        primaryUserId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        url: { type: 'string' },
        duration: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        id: { type: 'string' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        addedBy: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        created: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        snippet: { anyOf: [{ type: 'object' }, { type: 'null' }] },
      },
      required: ['callId', 'title', 'url', 'id'],
      additionalProperties: true,
    },
    LibraryFolder: {
      type: 'object',
      description: 'A public library folder (library_folders.list).',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        parentFolderId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        createdBy: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        updated: { type: 'string' },
      },
      required: ['id', 'name', 'updated'],
      additionalProperties: true,
    },
    Scorecard: {
      type: 'object',
      description: 'A scorecard and its questions (settings_scorecards.list).',
      properties: {
        scorecardId: { type: 'string' },
        scorecardName: { type: 'string' },
        workspaceId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        enabled: { type: 'boolean' },
        updaterUserId: { type: 'string' },
        created: { type: 'string' },
        updated: { type: 'string' },
        reviewMethod: { type: 'string' },
        questions: { type: 'array', items: { type: 'object' } },
      },
      required: ['scorecardId', 'scorecardName', 'enabled', 'updaterUserId', 'created', 'updated', 'reviewMethod', 'questions'],
      additionalProperties: true,
    },
    Tracker: {
      type: 'object',
      description: 'A keyword tracker (settings_trackers.list).',
      properties: {
        trackerId: { type: 'string' },
        trackerName: { type: 'string' },
        workspaceId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        languageKeywords: { type: 'array', items: { type: 'object' } },
        affiliation: { type: 'string' },
        partOfQuestion: { type: 'boolean' },
        saidAt: { type: 'string' },
        saidAtInterval: { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'null' }] },
        saidAtUnit: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        saidInTopics: { type: 'array', items: { type: 'string' } },
        filterQuery: { type: 'string' },
        created: { type: 'string' },
        creatorUserId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        updated: { type: 'string' },
        updaterUserId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: [
        'trackerId',
        'trackerName',
        'languageKeywords',
        'affiliation',
        'partOfQuestion',
        'saidAt',
        'saidInTopics',
        'filterQuery',
        'created',
        'updated',
      ],
      additionalProperties: true,
    },
    User: {
      type: 'object',
      description: 'A Gong user (users.list, users.get).',
      properties: {
        id: { type: 'string' },
        emailAddress: { type: 'string' },
        created: { type: 'string' },
        active: { type: 'boolean' },
        emailAliases: { type: 'array', items: { type: 'string' } },
        trustedEmailAddress: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        title: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        phoneNumber: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        extension: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        personalMeetingUrls: { type: 'array', items: { type: 'string' } },
        settings: { type: 'object' },
        managerId: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        meetingConsentPageUrl: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        spokenLanguages: { type: 'array', items: { type: 'object' } },
      },
      required: [
        'id',
        'emailAddress',
        'created',
        'active',
        'emailAliases',
        'firstName',
        'lastName',
        'personalMeetingUrls',
        'settings',
        'spokenLanguages',
      ],
      additionalProperties: true,
    },
    UserAggregateActivity: {
      type: 'object',
      description: "A user's aggregated activity (stats_activity_aggregate.list).",
      properties: {
        userId: { type: 'string' },
        userEmailAddress: { type: 'string' },
        userAggregateActivityStats: { $ref: '#/definitions/AggregateActivity' },
      },
      required: ['userId', 'userEmailAddress', 'userAggregateActivityStats'],
      additionalProperties: true,
    },
    UserDailyActivity: {
      type: 'object',
      description: "A user's activity day by day (stats_activity_day_by_day.list).",
      properties: {
        userId: { type: 'string' },
        userEmailAddress: { type: 'string' },
        userDailyActivityStats: { type: 'array', items: { $ref: '#/definitions/DailyActivity' } },
      },
      required: ['userId', 'userEmailAddress', 'userDailyActivityStats'],
      additionalProperties: true,
    },
    UserInteractionStats: {
      type: 'object',
      description: "A user's interaction statistics (stats_interaction.list).",
      properties: {
        userId: { type: 'string' },
        userEmailAddress: { type: 'string' },
        personInteractionStats: { type: 'array', items: { $ref: '#/definitions/InteractionStat' } },
      },
      required: ['userId', 'userEmailAddress', 'personInteractionStats'],
      additionalProperties: true,
    },
    Workspace: {
      type: 'object',
      description: 'A Gong workspace (workspaces.list).',
      properties: { id: { type: 'string' }, workspaceId: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } },
      required: ['id', 'workspaceId', 'name', 'description'],
      additionalProperties: true,
    },
  },
} as const;
/** Fields the hosted search index holds, per entity (field → type). */
export const searchableFields = {
  calls: {
    calendarEventId: 'string',
    clientUniqueId: 'string',
    customData: 'string',
    direction: 'string',
    duration: 'integer',
    id: 'string',
    isPrivate: 'boolean',
    language: 'string',
    media: 'string',
    meetingUrl: 'string',
    primaryUserId: 'string',
    purpose: 'string',
    scheduled: 'string',
    scope: 'string',
    sdrDisposition: 'string',
    started: 'string',
    system: 'string',
    title: 'string',
    url: 'string',
    workspaceId: 'string',
  },
  calls_extensive: {
    collaboration: 'object',
    content: 'object',
    context: 'array',
    id: 'string',
    interaction: 'object',
    media: 'object',
    metaData: 'object',
    parties: 'array',
    startdatetime: 'string',
  },
  settings_scorecards: {
    created: 'string',
    enabled: 'boolean',
    questions: 'array',
    scorecardId: 'string',
    scorecardName: 'string',
    updated: 'string',
    updaterUserId: 'string',
    workspaceId: 'string',
  },
  users: {
    active: 'boolean',
    created: 'string',
    emailAddress: 'string',
    emailAliases: 'array',
    extension: 'string',
    firstName: 'string',
    id: 'string',
    lastName: 'string',
    managerId: 'string',
    meetingConsentPageUrl: 'string',
    personalMeetingUrls: 'array',
    phoneNumber: 'string',
    settings: 'object',
    spokenLanguages: 'array',
    title: 'string',
    trustedEmailAddress: 'string',
  },
} as const;
/** JSON Schema of replication_config for hosted connector records. */
export const replicationSchema = { type: 'object', properties: {}, additionalProperties: false } as const;
/** JSON Schema of the config variables (used in the base URL). */
export const configSchema = {
  type: 'object',
  properties: {
    api_host: {
      description: "Host of your company's Gong API (Gong API settings page, or api_base_url_for_customer of an OAuth token).",
      type: 'string',
      default: 'api.gong.io',
      pattern: '^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)?api\\.gong\\.io$',
    },
  },
  additionalProperties: false,
} as const;
/** Credential kinds: the `auth` object must carry the fields of exactly one. */
export const credentialKinds = {
  'Access key': {
    kind: 'basic',
    description: 'An access key and its secret from the Gong API page (technical administrators), sent as HTTP Basic.',
    schema: {
      type: 'object',
      properties: {
        access_key: { description: 'Access Key from the Gong API page.', type: 'string', minLength: 1 },
        access_key_secret: { description: 'Access Key Secret shown once when the key is created.', type: 'string', minLength: 1 },
      },
      required: ['access_key', 'access_key_secret'],
      additionalProperties: false,
    },
  },
  OAuth: {
    kind: 'bearer',
    description: "An OAuth access token from Gong's OAuth flow, sent as Bearer. Not refreshed; it fails once it expires.",
    schema: {
      type: 'object',
      properties: { access_token: { description: 'OAuth access token of a Gong app.', type: 'string', minLength: 1 } },
      required: ['access_token'],
      additionalProperties: false,
    },
  },
  'OAuth (refreshable)': {
    kind: 'oauth2',
    description:
      "An OAuth access token with its (single-use) refresh token and the app's client credentials; refreshed at Gong's token endpoint after a 401. Persist the tokens passed to onTokenRefresh.",
    schema: {
      type: 'object',
      properties: {
        access_token: { description: 'Current OAuth access token.', type: 'string', minLength: 1 },
        refresh_token: { description: 'Refresh token returned with the access token (single-use).', type: 'string', minLength: 1 },
        client_id: { description: 'Client id of the Gong app.', type: 'string', minLength: 1 },
        client_secret: { description: 'Client secret of the Gong app.', type: 'string', minLength: 1 },
      },
      required: ['access_token', 'refresh_token', 'client_id', 'client_secret'],
      additionalProperties: false,
    },
  },
} as const;
