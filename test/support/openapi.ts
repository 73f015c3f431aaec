/**
 * Reading an OpenAPI document (Swagger 2.0 or OpenAPI 3.x) for the fidelity suites: the operation
 * behind an action, what it says of each parameter we send (as a VendorParam), and the shapes of
 * its response bodies (as a Shape). `$ref`s are JSON pointers into the document; `allOf` is merged,
 * `anyOf`/`oneOf` become a union; nullability is `nullable: true` (3.0), `x-nullable` (2.0) or a
 * `null` type (3.1).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { JsonType, OurRule, Shape, VendorParam } from './fidelity.js';

type Node = Record<string, any>;

export interface FoundOperation {
  template: string;
  pathItem: Node;
  operation: Node;
}

const RULE_KEYS = ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format'] as const;

export class OpenApiDocument {
  private readonly shapes = new Map<unknown, Shape>();

  constructor(readonly doc: Node) {}

  static load(file: string): OpenApiDocument {
    const text = readFileSync(file, 'utf8');
    return new OpenApiDocument((file.endsWith('.json') ? JSON.parse(text) : parse(text)) as Node);
  }

  get isSwagger2(): boolean {
    return typeof this.doc['swagger'] === 'string';
  }

  deref(node: unknown): Node | undefined {
    let current = node as Node | undefined;
    for (let hops = 0; current && typeof current['$ref'] === 'string' && hops < 20; hops++) {
      current = (current['$ref'] as string)
        .slice(2)
        .split('/')
        .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<any>((o, k) => o?.[k], this.doc);
    }
    return current;
  }

  /** The operation for a method and a path as the connector's spec writes it (templates allowed). */
  operation(method: string, path: string): FoundOperation | undefined {
    const wanted = path.replace(/\{[^}]+\}/g, '{}');
    for (const [template, pathItem] of Object.entries(this.doc['paths'] as Node)) {
      if (template.replace(/\{[^}]+\}/g, '{}') !== wanted) continue;
      const operation = (pathItem as Node)[method.toLowerCase()];
      if (operation) return { template, pathItem: pathItem as Node, operation };
    }
    return undefined;
  }

  /** The operation's parameters, path-level ones included (an operation's own win), dereferenced. */
  parameters(found: FoundOperation): Node[] {
    const own = ((found.operation['parameters'] ?? []) as unknown[]).map((p) => this.deref(p)!);
    const shared = ((found.pathItem['parameters'] ?? []) as unknown[]).map((p) => this.deref(p)!);
    return [...own, ...shared.filter((s) => !own.some((o) => o['name'] === s['name'] && o['in'] === s['in']))];
  }

  /** The request body's JSON schema (3.x), or an object built from the `formData`/`body` parameters (2.0). */
  requestBody(found: FoundOperation): Node | undefined {
    if (!this.isSwagger2) {
      const body = this.deref(found.operation['requestBody']);
      const content = body?.['content'] as Node | undefined;
      const json = content?.['application/json'] ?? content?.[Object.keys(content ?? {})[0] ?? ''];
      return json?.['schema'];
    }
    const params = this.parameters(found);
    const inBody = params.find((p) => p['in'] === 'body');
    if (inBody) return inBody['schema'];
    const form = params.filter((p) => p['in'] === 'formData');
    return {
      type: 'object',
      properties: Object.fromEntries(form.map((p) => [p['name'], p])),
      required: form.filter((p) => p['required']).map((p) => p['name']),
    };
  }

  /**
   * What the operation says of the parameter a rule applies to: query, path and header parameters
   * by wire name (`page[size]` also as the member `size` of a deepObject `page`), body members by
   * their wire path under the request's envelope. Undefined when the document does not describe it.
   */
  param(found: FoundOperation, rule: OurRule): VendorParam | undefined {
    const steps = rule.wire.split('.');
    if (rule.location === 'body') {
      let parent = this.resolved(this.requestBody(found));
      const envelope = rule.meta?.request?.envelope;
      if (envelope) parent = this.resolved(parent?.['properties']?.[envelope]);
      return this.member(parent, steps);
    }
    const top = steps[0]!;
    const many = top.endsWith('[]');
    const wire = many ? top.slice(0, -2) : top;
    const params = this.parameters(found).filter((p) => p['in'] === rule.location);
    const direct = params.find((p) => p['name'] === wire) ?? this.samePlace(found, rule, params);
    let schema: Node | undefined;
    let required: boolean;
    if (direct) {
      schema = this.isSwagger2 ? direct : this.resolved(direct['schema']);
      required = direct['required'] === true;
    } else {
      const deep = /^([^[\]]+)\[([^[\]]+)\]$/.exec(wire);
      const container = deep ? params.find((p) => p['name'] === deep[1]) : undefined;
      if (!container) return undefined;
      const options = [this.resolved(container['schema']), ...((this.resolved(container['schema'])?.['oneOf'] ?? []) as Node[])];
      const holder = options.map((o) => this.resolved(o)).find((o) => o?.['properties']?.[deep![2]!]);
      if (!holder) return undefined;
      schema = this.resolved(holder['properties'][deep![2]!]);
      required = ((holder['required'] ?? []) as string[]).includes(deep![2]!);
    }
    if (many) return this.member(schema, ['[]', ...steps.slice(1)]);
    if (steps.length > 1) return this.member(schema, steps.slice(1));
    return { ...rules(schema), required };
  }

  /**
   * A path parameter the document names differently (`{contact_id}` for our `{id}`): the one in the
   * same position of the path template.
   */
  private samePlace(found: FoundOperation, rule: OurRule, params: Node[]): Node | undefined {
    if (rule.location !== 'path' || !rule.meta?.request) return undefined;
    const ours = [...rule.meta.request.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const theirs = [...found.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const at = ours.indexOf(rule.param.split(/[.[]/)[0]);
    return at >= 0 ? params.find((p) => p['name'] === theirs[at]) : undefined;
  }

  /** Follows member steps (`comment`, `body`; `[]` for array items) from an object schema. */
  private member(schema: Node | undefined, steps: string[]): VendorParam | undefined {
    let current = this.merged(schema);
    let required = false;
    for (const raw of steps) {
      const many = raw.endsWith('[]');
      const name = many ? raw.slice(0, -2) : raw;
      if (name !== '') {
        const next = current?.['properties']?.[name];
        if (!next) return undefined;
        required = ((current!['required'] ?? []) as string[]).includes(name);
        current = this.merged(next);
      }
      if (many) {
        if (!current?.['items']) return undefined;
        required = false;
        current = this.merged(current['items']);
      }
    }
    return current ? { ...rules(current), required } : undefined;
  }

  private resolved(node: unknown): Node | undefined {
    return this.deref(node);
  }

  /** allOf parts merged into one object schema (properties and required unioned). */
  private merged(node: unknown): Node | undefined {
    const s = this.deref(node);
    if (!s || !Array.isArray(s['allOf'])) return s;
    const parts = (s['allOf'] as unknown[]).map((p) => this.merged(p)!).filter(Boolean);
    const { allOf: _allOf, ...rest } = s;
    return {
      ...Object.assign({}, ...parts),
      ...rest,
      properties: Object.assign({}, ...parts.map((p) => p['properties'] ?? {}), rest['properties'] ?? {}),
      required: [...parts.flatMap((p) => (p['required'] ?? []) as string[]), ...((rest['required'] ?? []) as string[])],
    };
  }

  /** The JSON body of the operation's success answer (200, 201, or the first 2xx). */
  responseSchema(found: FoundOperation): Node | undefined {
    const responses = found.operation['responses'] as Node;
    const status = ['200', '201', ...Object.keys(responses).filter((k) => k.startsWith('2'))].find((k) => responses[k]);
    const response = status ? this.deref(responses[status]) : undefined;
    if (!response) return undefined;
    if (this.isSwagger2) return response['schema'];
    const content = response['content'] as Node | undefined;
    return content?.['application/json']?.['schema'];
  }

  /** A schema as a Shape: types, nullability, members and items, `$ref` cycles cut. */
  shape(node: unknown, seen: readonly unknown[] = []): Shape {
    const target = this.deref(node);
    if (!target || seen.includes(target) || seen.length > 12) return { types: new Set(['object']), nullable: false };
    if (seen.length === 0 && this.shapes.has(target)) return this.shapes.get(target)!;
    const next = [...seen, target];
    const s = this.merged(target)!;
    // Slack's document writes some object alternatives as `items: [A, B]` on a schema with no type.
    const tupleAsUnion = Array.isArray(s['items']) && s['type'] === undefined ? (s['items'] as unknown[]) : undefined;
    const union = (s['anyOf'] ?? s['oneOf'] ?? tupleAsUnion) as unknown[] | undefined;
    let shape: Shape;
    if (union && !s['type'] && !s['properties']) {
      const parts = union.map((p) => this.shape(p, next));
      const structured = parts.find((p) => p.properties || p.items);
      shape = {
        ...(structured ?? {}),
        types: new Set(parts.flatMap((p) => [...p.types])),
        nullable: s['nullable'] === true || parts.some((p) => p.nullable),
      };
    } else {
      const declared = ([] as unknown[]).concat(s['type'] ?? []) as string[];
      const types = new Set<JsonType>(declared.filter((t) => t !== 'null') as JsonType[]);
      if (declared.length === 0) types.add(s['properties'] ? 'object' : s['items'] ? 'array' : 'any');
      shape = {
        types,
        nullable:
          s['nullable'] === true ||
          s['x-nullable'] === true ||
          declared.includes('null') ||
          (Array.isArray(s['enum']) && s['enum'].includes(null)),
      };
      if (s['properties']) {
        shape.properties = Object.fromEntries(Object.entries(s['properties'] as Node).map(([k, v]) => [k, this.shape(v, next)]));
        shape.required = new Set((s['required'] ?? []) as string[]);
      }
      if (s['items']) shape.items = this.shape(s['items'], next);
    }
    if (seen.length === 0) this.shapes.set(target, shape);
    return shape;
  }

  /** The shape of the operation's success body. */
  responseShape(found: FoundOperation): Shape | undefined {
    const schema = this.responseSchema(found);
    return schema ? this.shape(schema) : undefined;
  }
}

/** The rule keywords of a schema (or a Swagger 2 parameter, which carries them itself). */
function rules(schema: Node | undefined): VendorParam {
  const out: Record<string, unknown> = {};
  for (const key of RULE_KEYS) if (schema?.[key] !== undefined) out[key] = schema[key];
  if (typeof schema?.['exclusiveMinimum'] === 'number') out['minimum'] = schema['exclusiveMinimum'] + 1;
  if (typeof schema?.['exclusiveMaximum'] === 'number') out['maximum'] = schema['exclusiveMaximum'] - 1;
  return out as VendorParam;
}
