/**
 * How the search names what it creates unquoted in the store (its partitions and indexes): a
 * readable part within PostgreSQL's 63-byte identifier limit, and a hash of the names it stands
 * for that keeps long or similar ones unique. The readable part is lower case, as PostgreSQL folds
 * an unquoted name, so a lookup by name in the catalog (pg_class, pg_stats) finds what was created
 * even for a camelCase entity or field; the hash is of the names as given, so `notes` and `Notes`
 * stay apart.
 */
import { createHash } from 'node:crypto';

/** At most 40 characters of `readable`, `-` and `.` as `_`, lower case. */
export function foldedName(readable: string): string {
  return readable.replace(/[-.]/g, '_').slice(0, 40).toLowerCase();
}

/** Eight hex digits of the SHA-256 of `identity`. */
export function nameHash(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, 8);
}
