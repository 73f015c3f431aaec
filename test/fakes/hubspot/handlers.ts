/**
 * The CRM v3 routes the fake serves under /crm/v3: object lists (cursor `after`, `limit` ≤ 100,
 * ≤ 50 with propertiesWithHistory), gets (by id or `idProperty`), search, and custom object
 * schemas. Query parameters are validated the way HubSpot does (400 VALIDATION_ERROR).
 */
import type { RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import type { HubspotData, Json, ObjectType } from './data.js';
import { hubspotError, notFound, validationError } from './errors.js';
import { search } from './search.js';
import { shapeRecord, type ShapeOptions } from './shape.js';

const PREFIX = '/crm/v3';

export function createCrmRoutes(data: HubspotData): (req: RecordedRequest) => Reply {
  const typeOf = (name: string) => data.types.get(name);
  const csv = (req: RecordedRequest, name: string) => {
    const raw = one(req.query[name]);
    return raw === undefined || raw === ''
      ? undefined
      : raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  };
  const shapeOptions = (req: RecordedRequest): ShapeOptions => ({
    properties: csv(req, 'properties'),
    propertiesWithHistory: csv(req, 'propertiesWithHistory'),
    associations: csv(req, 'associations'),
    typeOf,
  });

  return (req): Reply => {
    if (!req.path.startsWith(`${PREFIX}/`)) return hubspotError(404, 'OBJECT_NOT_FOUND', `No route for ${req.method} ${req.path}`);
    const parts = req.path
      .slice(PREFIX.length + 1)
      .split('/')
      .map(decodeURIComponent);
    if (parts[0] === 'schemas') return schemas(data, req, parts[1]);
    if (parts[0] !== 'objects' || !parts[1]) return hubspotError(404, 'OBJECT_NOT_FOUND', `No route for ${req.method} ${req.path}`);
    const type = typeOf(parts[1]);
    if (!type) return hubspotError(400, 'VALIDATION_ERROR', `Unable to infer object type from: ${parts[1]}`);
    if (parts.length === 3 && parts[2] === 'search' && req.method === 'POST') return search(type, (req.body ?? {}) as Json);
    if (req.method !== 'GET') return hubspotError(405, 'VALIDATION_ERROR', `${req.method} is not supported here`);
    if (parts.length === 2) return list(type, req, shapeOptions(req));
    if (parts.length === 3) return get(type, parts[2]!, req, shapeOptions(req));
    return hubspotError(404, 'OBJECT_NOT_FOUND', `No route for ${req.method} ${req.path}`);
  };
}

function list(type: ObjectType, req: RecordedRequest, options: ShapeOptions): Reply {
  const max = options.propertiesWithHistory ? 50 : 100;
  const limitText = one(req.query['limit']);
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    return validationError(`limit must be between 1 and ${max}`, [{ message: `invalid limit ${limitText}`, in: 'limit' }]);
  }
  const archived = one(req.query['archived']) === 'true';
  const rows = type.records.filter((r) => r.archived === archived);
  const after = one(req.query['after']);
  // The cursor is the id of the next record, as HubSpot's list cursors are.
  const start = after === undefined ? 0 : rows.findIndex((r) => r.id === after);
  if (start < 0) return validationError(`Invalid after cursor: ${after}`);
  const page = rows.slice(start, start + limit);
  const next = rows[start + limit];
  return {
    body: {
      results: page.map((r) => shapeRecord(type, r, options)),
      ...(next ? { paging: { next: { after: next.id, link: `?after=${next.id}` } } } : {}),
    },
  };
}

function get(type: ObjectType, id: string, req: RecordedRequest, options: ShapeOptions): Reply {
  const idProperty = one(req.query['idProperty']);
  const archived = one(req.query['archived']) === 'true';
  const record = type.records.find(
    (r) => r.archived === archived && (idProperty ? r.properties[idProperty]?.toLowerCase() === id.toLowerCase() : r.id === id),
  );
  return record ? { body: shapeRecord(type, record, options) } : notFound(id);
}

function schemas(data: HubspotData, req: RecordedRequest, objectType: string | undefined): Reply {
  if (req.method !== 'GET') return hubspotError(405, 'VALIDATION_ERROR', `${req.method} is not supported here`);
  if (objectType === undefined) {
    const archived = one(req.query['archived']) === 'true';
    return { body: { results: data.schemas.filter((s) => s['archived'] === archived) } };
  }
  const schema = data.schemas.find((s) => s['objectTypeId'] === objectType || s['fullyQualifiedName'] === objectType);
  return schema ? { body: schema } : hubspotError(404, 'OBJECT_NOT_FOUND', `Unable to find object type ${objectType}`);
}
