/**
 * Semantic rules of named types, cross-field parameter rules and nested searchable paths. They run
 * on the spec after named types are resolved (../spec/named-types.ts): a reference that is still a name
 * there is unknown or part of a cycle. A resolved usage (`typeName` set) is not walked again, so a
 * mistake inside a named type is reported once, at its definition under `types:`.
 */
import type { NamedParam } from '../spec/named-types.js';
import { isNamedType, typesUsedBy } from '../spec/named-types.js';
import type { SpecData, SpecParam } from '../spec/spec-types.js';
import { parseTypeExpr, type FieldType } from '../spec/type-expr.js';
import type { RuleReport, SpecPath } from '../spec/problems.js';

export const TYPE_RULES = {
  SY150: 'type-unknown',
  SY151: 'type-cycle',
  SY152: 'cross-field-rule-mismatch',
  SY153: 'searchable-path-invalid',
} as const;

export type TypeReport = RuleReport<keyof typeof TYPE_RULES>;

export function checkTypesAndRules(data: SpecData, report: TypeReport): void {
  const types = data.types ?? {};
  const sets: [SpecPath, Record<string, SpecParam>][] = [
    [['config'], data.config ?? {}],
    [['replication'], data.replication ?? {}],
    [['types'], types],
    ...Object.entries(data.entities).flatMap(([entityName, entity]) =>
      Object.entries(entity.actions).map(([actionName, action]): [SpecPath, Record<string, SpecParam>] => [
        ['entities', entityName, 'actions', actionName, 'params'],
        action.params ?? {},
      ]),
    ),
  ];
  for (const [path, params] of sets) {
    for (const [name, param] of Object.entries(params)) walkParam(report, [...path, name], name, param, types, path[0] === 'types');
  }
  // A named type that reaches itself through its uses could never be written out.
  for (const name of Object.keys(types)) {
    const seen = new Set<string>();
    const reaches = (from: string): boolean =>
      typesUsedBy(types[from] ?? { type: 'any' }).some((used) => used === name || (!seen.has(used) && (seen.add(used), reaches(used))));
    if (reaches(name)) {
      report(
        ['types', name],
        'SY151',
        `type ${name} contains itself through its own fields`,
        'a named type cannot contain itself; use type: object for the recursive part',
      );
    }
  }
  for (const [entityName, entity] of Object.entries(data.entities)) {
    const record = entity.record ? data.records?.[entity.record] : undefined;
    if (!record) continue;
    for (const [field, kind] of Object.entries(entity.searchable ?? {})) {
      if (!field.includes('.')) continue;
      const problem = nestedPathProblem(field, kind, record, data);
      if (problem) {
        report(
          ['entities', entityName, 'searchable', field],
          'SY153',
          `searchable field ${entityName}.${field}: ${problem}`,
          'a nested searchable path goes through object, map<…>, any or record-typed fields of the record, and its type matches the value there',
        );
      }
    }
  }
}

function walkParam(
  report: TypeReport,
  path: SpecPath,
  name: string,
  param: NamedParam,
  types: Record<string, SpecParam>,
  definition: boolean,
): void {
  // A resolved use of a named type: its definition is checked where it is declared.
  if (param.typeName !== undefined && !definition) return;
  if (isNamedType(param.type)) {
    // Still a name after resolution: unknown, or part of a cycle (reported once, at the type).
    if (!Object.hasOwn(types, param.type)) {
      report(
        [...path, 'type'],
        'SY150',
        `${name}: type ${param.type} is not declared`,
        `declare ${param.type} under types:, or use one of string, integer, number, boolean, object, array, any`,
      );
    }
    return;
  }
  checkConditional(report, path, name, param);
  checkTotalItems(report, path, name, param);
  if (param.items) walkParam(report, [...path, 'items'], `${name}[]`, param.items, types, false);
  for (const [key, child] of Object.entries(param.properties ?? {})) {
    walkParam(report, [...path, 'properties', key], `${name}.${key}`, child, types, false);
  }
}

function checkConditional(report: TypeReport, path: SpecPath, name: string, param: SpecParam): void {
  if (!param.when) return;
  const mismatch = (at: SpecPath, message: string, hint: string) => report([...path, 'when', ...at], 'SY152', `${name}: ${message}`, hint);
  const properties = param.type === 'object' ? param.properties : undefined;
  if (!properties) {
    mismatch([], 'when applies to objects with declared properties', 'declare type: object and its properties, or remove when');
    return;
  }
  const known = Object.keys(properties);
  param.when.forEach((rule, i) => {
    for (const [key, names] of [
      ['field', [rule.field]],
      ['require', rule.require ?? []],
      ['forbid', rule.forbid ?? []],
    ] as const) {
      for (const property of names) {
        if (!known.includes(property)) {
          mismatch([i, key], `when[${i}].${key} names ${property}, which is not a property`, `use one of: ${known.join(', ')}`);
        }
      }
    }
    const selector = properties[rule.field];
    for (const value of selector?.enum ? rule.in : []) {
      if (!selector!.enum!.includes(value)) {
        mismatch(
          [i, 'in'],
          `when[${i}].in holds ${JSON.stringify(value)}, which ${rule.field} never takes`,
          `use values of ${rule.field}'s enum: ${selector!.enum!.map((v) => JSON.stringify(v)).join(', ')}`,
        );
      }
    }
    for (const property of (rule.require ?? []).filter((p) => (rule.forbid ?? []).includes(p))) {
      mismatch([i], `when[${i}] both requires and forbids ${property}`, 'a field is either required or forbidden by one rule');
    }
  });
}

function checkTotalItems(report: TypeReport, path: SpecPath, name: string, param: SpecParam): void {
  if (!param.totalItems) return;
  const nested = param.type === 'array' ? param.items?.properties?.[param.totalItems.field] : undefined;
  if (!nested || nested.type !== 'array') {
    report(
      [...path, 'totalItems', 'field'],
      'SY152',
      `${name}: totalItems counts ${param.totalItems.field}, which is not an array property of the items`,
      'totalItems belongs on an array of objects and names one of their array properties',
    );
  }
}

/** Why a dotted searchable path does not lead to a value of its declared type; null when it does. */
function nestedPathProblem(field: string, kind: string, record: NonNullable<SpecData['records']>[string], data: SpecData): string | null {
  const [head, ...rest] = field.split('.');
  const fieldOf = (fields: Record<string, string | { type: string }>, key: string): FieldType | undefined => {
    const f = Object.hasOwn(fields, key) ? fields[key] : undefined;
    return f === undefined ? undefined : parseTypeExpr(typeof f === 'string' ? f : f.type);
  };
  const first = fieldOf(record.fields, head!);
  if (!first) return null; // SY104 reports a path that starts nowhere in the record
  let current: FieldType = first;
  let at = head!;
  for (const segment of rest) {
    const type: FieldType['type'] = current.type;
    if (type.kind === 'primitive' && (type.name === 'object' || type.name === 'any')) return null; // free shape below
    if (type.kind === 'map') current = type.values;
    else if (type.kind === 'record' && data.records?.[type.name]) {
      const next = fieldOf(data.records[type.name]!.fields, segment);
      if (!next) return `${segment} is not a field of ${type.name} (at ${at})`;
      current = next;
    } else if (type.kind === 'record' && data.types?.[type.name]) {
      const property = data.types[type.name]!.properties?.[segment];
      if (!property) return `${segment} is not a property of ${type.name} (at ${at})`;
      current = parseTypeExpr(property.type);
    } else {
      return `${at} is ${type.kind === 'primitive' ? `a ${type.name}` : `an ${type.kind}`} field; only object, map, any and record fields have nested paths`;
    }
    at = `${at}.${segment}`;
  }
  const leaf = current.type;
  const leafKind =
    leaf.kind === 'primitive'
      ? leaf.name
      : leaf.kind === 'array'
        ? 'array'
        : leaf.kind === 'map' || leaf.kind === 'record'
          ? 'object'
          : null;
  if (leafKind && leafKind !== 'any' && leafKind !== kind && !(kind === 'number' && leafKind === 'integer')) {
    return `the record holds ${leafKind === 'integer' || leafKind === 'object' || leafKind === 'array' ? 'an' : 'a'} ${leafKind} there, but it is declared ${kind}`;
  }
  return null;
}
