/**
 * What a search may name: the entity's searchable fields, as a generated package exports them
 * (`searchableFields.users` in `@switchyard/connector-messaging`). Paths below an `object` field
 * (`profile.email`) are allowed too; their type is only known from the data.
 */
import { FIELD_SEGMENT_PATTERN, SEARCH_LIMITS, fieldPathProblem } from '@switchyard/runtime/internal';

export type SearchableFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';

export type SearchableFields = Readonly<Record<string, SearchableFieldType>>;

/** A field as the compiler sees it: validated path segments and what the spec says about it. */
export interface FieldRef {
  /** Dot form, as the caller wrote it (`profile.email`). */
  readonly name: string;
  readonly path: readonly string[];
  /** Declared type for top-level fields; `unknown` below objects and inside `any`. */
  readonly type: SearchableFieldType | 'unknown';
}

/**
 * Path segments that may appear in SQL text. Field names reach SQL only as literals built from
 * segments of the search language's field path syntax (letters, digits, `_`, `-`; the runtime's
 * FIELD_SEGMENT_PATTERN), so no quote, backslash, space or comment marker can ever get there.
 */
const MAX_DEPTH = SEARCH_LIMITS.maxPathSegments;

export function isSafeSegment(segment: string): boolean {
  return FIELD_SEGMENT_PATTERN.test(segment);
}

export const SCALAR_TYPES: ReadonlySet<SearchableFieldType | 'unknown'> = new Set(['string', 'integer', 'number', 'boolean']);

/** The searchable fields of one entity, checked once when the service learns about the entity. */
export class EntitySchema {
  readonly entity: string;
  readonly fields: SearchableFields;
  constructor(entity: string, fields: SearchableFields) {
    if (!isSafeSegment(entity)) throw new TypeError(`entity name ${JSON.stringify(entity)} is not a plain identifier`);
    for (const name of Object.keys(fields)) {
      // A declared field may be a dot path into an object (`properties.email`): each segment is plain.
      const path = name.split('.');
      if (path.length > MAX_DEPTH || !path.every(isSafeSegment)) {
        throw new TypeError(`searchable field ${JSON.stringify(name)} of ${entity} is not a plain identifier or dot path of them`);
      }
    }
    this.entity = entity;
    this.fields = Object.freeze({ ...fields });
  }

  /** Sorted names, for error messages. */
  fieldNames(): string[] {
    return Object.keys(this.fields).sort();
  }

  /**
   * Resolves `profile.email` against the declared fields; returns a reason when it cannot.
   * `relative` resolves inside an array element (`any`), where no field list exists.
   */
  resolve(name: unknown, relative = false): FieldRef | string {
    const problem = fieldPathProblem(name);
    // fieldPathProblem answers for anything that is not a string.
    if (typeof name !== 'string' || problem !== null) return problem!;
    const path = name.split('.');
    if (relative) return { name, path, type: 'unknown' };
    // The longest declared prefix decides: `properties.email` may be declared (typed) inside a
    // declared `properties` object, whose other paths are then of unknown type.
    let length = path.length;
    while (length > 0 && !Object.hasOwn(this.fields, path.slice(0, length).join('.'))) length--;
    if (length === 0) return `"${path.length === 1 ? name : path[0]}" is not a searchable field of ${this.entity}`;
    const head = path.slice(0, length).join('.');
    const declared = this.fields[head]!;
    if (length === path.length) return { name, path, type: declared };
    if (declared !== 'object' && declared !== 'any') {
      return `"${head}" is a${declared === 'integer' || declared === 'array' ? 'n' : ''} ${declared} field; only object fields have nested paths`;
    }
    return { name, path, type: 'unknown' };
  }
}
