/**
 * Checks requests against the platform's official OpenAPI files in ../shared/vendor-specs/airbyte
 * (never copied into this repo): the path and method exist, every query parameter is declared and
 * valid, required ones are present, JSON bodies validate against the request schema, and the
 * Authorization header matches the operation's security (none for the token endpoint).
 *
 * api_sdk.yaml is OpenAPI 3.1 (JSON Schema 2020-12, ajv/dist/2020); config.yaml is OpenAPI 3.0
 * (draft-07-like, default ajv). Each file is registered whole under an $id, and schemas are
 * compiled by JSON pointer into it, so internal `#/components/...` refs resolve without rewriting.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AjvModule from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import YAML from 'yaml';
import { VENDOR_SPECS_DIR } from '../../support/vendor-specs.js';

// CommonJS packages: under NodeNext the default import is module.exports, whose `.default` is the
// same class or function (and carries the types).
const Ajv = AjvModule.default;
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
type AnyAjv = InstanceType<typeof Ajv> | InstanceType<typeof Ajv2020>;
type Json = Record<string, any>;

export const VENDOR_SPECS_ENV = 'SWITCHYARD_VENDOR_SPECS';
/** The shared resolution of ../shared/vendor-specs (or $SWITCHYARD_VENDOR_SPECS). */
export const vendorSpecsDir = VENDOR_SPECS_DIR;
export const airbyteSpecDir = join(vendorSpecsDir, 'airbyte');
export const specsAvailable = existsSync(join(airbyteSpecDir, 'api_sdk.yaml')) && existsSync(join(airbyteSpecDir, 'config.yaml'));
export const specsMissingMessage =
  `platform specs not found at ${airbyteSpecDir} (api_sdk.yaml, config.yaml); ` +
  `set ${VENDOR_SPECS_ENV} to the vendor-specs folder to run the conformance checks`;

/** What the validator needs to know about one request. */
export interface SpecRequest {
  /** 'public' → api_sdk.yaml; 'config' → config.yaml. */
  spec: 'public' | 'config';
  method: string;
  /** Path as the spec writes it: `/jobs/123` (public) or `/v1/state/get`, `/public/v1/applications/token` (config). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** Raw body text ('' when none). */
  body: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface LoadedSpec {
  doc: Json;
  ajv: AnyAjv;
  id: string;
  routes: Array<{ template: string; regex: RegExp; params: string[] }>;
}

export class SpecValidator {
  private readonly specs: Record<'public' | 'config', LoadedSpec>;

  private constructor(publicDoc: Json, configDoc: Json) {
    this.specs = {
      public: prepare(publicDoc, new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false }), 'api_sdk'),
      config: prepare(configDoc, new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false }), 'config'),
    };
  }

  /** null when the spec folder is absent. Parsed specs are cached in the OS temp dir (the YAML takes seconds). */
  static load(dir: string = airbyteSpecDir): SpecValidator | null {
    if (!existsSync(join(dir, 'api_sdk.yaml')) || !existsSync(join(dir, 'config.yaml'))) return null;
    return new SpecValidator(loadYaml(join(dir, 'api_sdk.yaml')), loadYaml(join(dir, 'config.yaml')));
  }

  /** Every way `request` departs from the spec; [] when it conforms. */
  check(request: SpecRequest): string[] {
    const spec = this.specs[request.spec];
    const method = request.method.toLowerCase();
    const where = `${request.method} ${request.path} (${request.spec === 'public' ? 'api_sdk.yaml' : 'config.yaml'})`;
    const route = spec.routes.find((r) => r.regex.test(request.path) && spec.doc['paths'][r.template]?.[method]);
    if (!route) return [`${where}: no such path and method in the spec`];
    const pathItem = spec.doc['paths'][route.template];
    const operation = pathItem[method];
    const pointer = `#/paths/${escapePointer(route.template)}`;
    const problems: string[] = [];

    // Parameters: path-level first, operation-level ones override by (name, in).
    const params = new Map<string, { param: Json; pointer: string }>();
    (pathItem['parameters'] ?? []).forEach((p: Json, i: number) =>
      params.set(`${p['in']}:${p['name']}`, { param: p, pointer: `${pointer}/parameters/${i}` }),
    );
    (operation['parameters'] ?? []).forEach((p: Json, i: number) =>
      params.set(`${p['in']}:${p['name']}`, { param: p, pointer: `${pointer}/${method}/parameters/${i}` }),
    );

    const pathValues = route.regex.exec(request.path)!.slice(1).map(decodeURIComponent);
    route.params.forEach((name, i) => {
      const entry = params.get(`path:${name}`);
      if (entry) problems.push(...this.checkValue(spec, entry, [pathValues[i]!], `path parameter ${name}`));
    });
    for (const name of new Set(request.query.keys())) {
      const entry = params.get(`query:${name}`);
      if (!entry) {
        problems.push(`query parameter ${name} is not declared`);
        continue;
      }
      problems.push(...this.checkValue(spec, entry, request.query.getAll(name), `query parameter ${name}`));
    }
    for (const [key, { param }] of params) {
      if (key.startsWith('query:') && param['required'] && !request.query.has(param['name']))
        problems.push(`required query parameter ${param['name']} is missing`);
    }

    // Body.
    const requestBody = operation['requestBody'];
    const contentType = String(header(request.headers, 'content-type') ?? '')
      .split(';')[0]!
      .trim();
    if (!requestBody) {
      if (request.body !== '') problems.push('a body was sent but the operation takes none');
    } else if (request.body === '') {
      if (requestBody['required']) problems.push('the required request body is missing');
    } else if (!requestBody['content']?.[contentType]) {
      problems.push(`content type "${contentType}" is not accepted (spec: ${Object.keys(requestBody['content'] ?? {}).join(', ')})`);
    } else {
      const schemaPointer = `${pointer}/${method}/requestBody/content/${escapePointer(contentType)}/schema`;
      let data: unknown;
      try {
        data = contentType === 'application/json' ? JSON.parse(request.body) : Object.fromEntries(new URLSearchParams(request.body));
      } catch {
        problems.push('the body is not valid JSON');
      }
      if (data !== undefined) problems.push(...this.validate(spec, schemaPointer, data, 'body'));
    }

    // Security: an operation with `security: []` takes no credentials; every other one needs a bearer token.
    const security = operation['security'] ?? spec.doc['security'];
    const authorization = header(request.headers, 'authorization');
    const open = Array.isArray(security) && (security.length === 0 || security.some((s: Json) => Object.keys(s).length === 0));
    if (open && Array.isArray(operation['security']) && authorization !== undefined)
      problems.push('credentials were sent to an operation without security');
    if (!open && !/^Bearer \S+$/.test(String(authorization ?? ''))) problems.push('the Authorization: Bearer header is missing');

    return problems.map((p) => `${where}: ${p}`);
  }

  private checkValue(spec: LoadedSpec, entry: { param: Json; pointer: string }, values: string[], what: string): string[] {
    const schema = resolveRef(spec.doc, entry.param['schema'] ?? {});
    const coerce = (v: string): unknown => {
      if (schema['type'] === 'integer' || schema['type'] === 'number') return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
      if (schema['type'] === 'boolean') return v === 'true' ? true : v === 'false' ? false : v;
      return v;
    };
    const data = schema['type'] === 'array' ? values : values.length === 1 ? coerce(values[0]!) : values;
    if (schema['type'] !== 'array' && values.length > 1) return [`${what} is repeated but is not an array`];
    return this.validate(spec, `${entry.pointer}/schema`, data, what);
  }

  private validate(spec: LoadedSpec, pointer: string, data: unknown, what: string): string[] {
    const validate = spec.ajv.getSchema(`${spec.id}${pointer}`);
    if (!validate) return [`internal: no schema at ${pointer}`];
    if (validate(data)) return [];
    return (validate.errors ?? []).map(
      (e: { instancePath: string; message?: string; params?: unknown }) =>
        `${what}${e.instancePath} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    );
  }
}

function prepare(doc: Json, ajv: AnyAjv, name: string): LoadedSpec {
  addFormats(ajv as never);
  // The platform spells the UUID format in upper case; treat it as the real thing.
  ajv.addFormat('UUID', UUID);
  const id = `https://specs.switchyard.local/${name}.json`;
  ajv.addSchema({ $id: id, components: doc['components'], paths: doc['paths'] });
  const routes = Object.keys(doc['paths'] ?? {})
    .filter((template) => METHODS.some((m) => doc['paths'][template][m]))
    .map((template) => {
      const params: string[] = [];
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, p: string) => {
        params.push(p);
        return '([^/]+)';
      });
      return { template, regex: new RegExp(`^${source}$`), params };
    })
    // Literal paths win over templated ones (`/sources/initiateOAuth` before `/sources/{sourceId}`).
    .sort((a, b) => a.params.length - b.params.length);
  return { doc, ajv, id, routes };
}

function resolveRef(doc: Json, schema: Json): Json {
  let current = schema;
  for (let i = 0; i < 10 && typeof current['$ref'] === 'string' && current['$ref'].startsWith('#/'); i++) {
    current = current['$ref']
      .slice(2)
      .split('/')
      .reduce((node: Json, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current ?? {};
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function loadYaml(file: string): Json {
  const text = readFileSync(file, 'utf8');
  // Keyed by content, not by path: every clone and checkout of the same spec shares one entry, so
  // the temporary directory (memory, when the suites' scratch directory is /dev/shm) holds one
  // parsed copy per spec version instead of one per clone.
  const key = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const cache = join(tmpdir(), `switchyard-spec-${key}.json`);
  if (existsSync(cache)) {
    try {
      return JSON.parse(readFileSync(cache, 'utf8')) as Json;
    } catch {
      // a half-written cache from a parallel worker: parse the YAML instead
    }
  }
  const doc = YAML.parse(text) as Json;
  try {
    writeFileSync(`${cache}.${process.pid}.tmp`, JSON.stringify(doc));
    // rename is atomic, so parallel workers never read a partial file
    renameSync(`${cache}.${process.pid}.tmp`, cache);
  } catch {
    // the cache is an optimisation only
  }
  return doc;
}
