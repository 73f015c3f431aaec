/**
 * Semantic rules of records and of the entities that use them: every record type a field, an
 * entity or an action names is declared, every searchable field starts at a field of the
 * entity's record, and every `integersAsStrings` path starts at a field that holds strings.
 */
import type { RuleReport, SpecPath } from '../spec/problems.js';
import type { SpecData } from '../spec/spec-types.js';
import { parseTypeExpr, referencedRecords, type TypeRef } from '../spec/type-expr.js';

export const RECORD_RULES = {
  SY104: 'searchable-not-in-record',
  SY105: 'unknown-record',
  SY124: 'integers-as-strings-mismatch',
} as const;

export type RecordReport = RuleReport<keyof typeof RECORD_RULES>;
export type SpecRecords = NonNullable<SpecData['records']>;
type SpecEntity = SpecData['entities'][string];

/** Every field a record's values may carry: its own fields and the ones it derives. */
export function recordFieldNames(record: SpecRecords[string]): Set<string> {
  return new Set([...Object.keys(record.fields), ...Object.keys(record.derive ?? {})]);
}

/** A record field refers to record types (`array<Reaction>`) that must be declared, as records or named types. */
export function checkRecordReferences(data: SpecData, report: RecordReport): void {
  const records = data.records ?? {};
  for (const [recordName, record] of Object.entries(records)) {
    for (const [field, f] of Object.entries(record.fields)) {
      const expr = typeof f === 'string' ? f : f.type;
      for (const ref of referencedRecords(parseTypeExpr(expr).type)) {
        if (!(ref in records) && !(ref in (data.types ?? {}))) {
          report(
            ['records', recordName, 'fields', field],
            'SY105',
            `${recordName}.${field} refers to record type ${ref}, which is not declared`,
            `declare ${ref} under records, or use object/any`,
          );
        }
      }
    }
  }
}

/**
 * An `integersAsStrings` path starts at one of the record's fields; a path that is the field
 * itself names a field typed as (or with) string or an array of strings, which is what the
 * conversion makes of it.
 */
export function checkIntegersAsStrings(data: SpecData, report: RecordReport): void {
  for (const [recordName, record] of Object.entries(data.records ?? {})) {
    for (const [i, path] of (record.integersAsStrings ?? []).entries()) {
      const first = path.split('.')[0]!.replace(/\[\]$/, '');
      const field = record.fields[first];
      const at = ['records', recordName, 'integersAsStrings', i];
      if (field === undefined) {
        report(
          at,
          'SY124',
          `${recordName}.integersAsStrings names ${path}, and ${first} is not a field of ${recordName}`,
          `add ${first} to records.${recordName}.fields, or fix the path`,
        );
        continue;
      }
      if (path.includes('.')) continue; // inside an object field: the nested shape is the vendor's
      const type = parseTypeExpr(typeof field === 'string' ? field : field.type).type;
      if (!holdsStrings(path.endsWith('[]') && type.kind === 'array' ? type.items : type)) {
        report(
          at,
          'SY124',
          `${recordName}.${first} is given as a string by integersAsStrings, but its type holds no string`,
          `type ${first} as string (the digits), e.g. ${first}: string`,
        );
      }
    }
  }
}

function holdsStrings(type: TypeRef | null): boolean {
  if (type === null) return true;
  if (type.kind === 'union') return type.members.some(holdsStrings);
  if (type.kind === 'array') return holdsStrings(type.items);
  return type.kind === 'primitive' && (type.name === 'string' || type.name === 'any');
}

/** The entity's record type is declared, and each searchable field starts at one of its fields. */
export function checkEntityRecord(
  report: RecordReport,
  entityPath: SpecPath,
  entityName: string,
  entity: SpecEntity,
  records: SpecRecords,
): void {
  if (entity.record && !(entity.record in records)) {
    report(
      [...entityPath, 'record'],
      'SY105',
      `entity ${entityName} uses record type ${entity.record}, which is not declared`,
      `declare ${entity.record} under records`,
    );
  }
  const recordFields = entity.record && records[entity.record] ? recordFieldNames(records[entity.record]!) : undefined;
  if (!entity.searchable || !recordFields) return;
  for (const field of Object.keys(entity.searchable)) {
    // A dotted path (properties.email) starts at a record field; the rest is SY153's business.
    if (!recordFields.has(field.split('.')[0]!)) {
      report(
        [...entityPath, 'searchable', field],
        'SY104',
        `searchable field ${entityName}.${field} is not a field of record ${entity.record}`,
        `add ${field} to records.${entity.record}.fields (nullable if the vendor may omit it) or derive it`,
      );
    }
  }
}
