import { ConfigurationError } from '@switchyard/runtime';

/** One AES-256 master key and the id stored next to everything it encrypts. */
export interface MasterKey {
  readonly id: string;
  readonly key: Buffer;
}

/** The id a key given without one gets (`SWITCHYARD_MASTER_KEY=<base64>`, or a key file holding one key). */
export const DEFAULT_KEY_ID = 'default';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Reads a master key setting: either one base64 key of 32 bytes, or several `kid:base64` entries
 * separated by commas or whitespace, oldest first. The LAST entry encrypts new data; the others
 * stay readable so a rotation can move stored data off them without downtime.
 *
 * Errors name the entry by position, never by content: the setting is a secret.
 */
export function parseMasterKeys(text: string, source: string): MasterKey[] {
  const entries = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) {
    throw new ConfigurationError(`${source} is empty: expected a base64 key of 32 bytes or "kid:base64" entries`);
  }
  const keys = entries.map((entry, index) => parseEntry(entry, entries.length === 1, `${source} entry ${index + 1}`));
  const seen = new Set<string>();
  for (const { id } of keys) {
    if (seen.has(id)) throw new ConfigurationError(`${source} names key id "${id}" twice`);
    seen.add(id);
  }
  return keys;
}

function parseEntry(entry: string, alone: boolean, where: string): MasterKey {
  const colon = entry.indexOf(':');
  if (colon < 0 && !alone) {
    throw new ConfigurationError(`${where} has no key id: with several keys, write each as "kid:base64"`);
  }
  const id = colon < 0 ? DEFAULT_KEY_ID : entry.slice(0, colon);
  if (!KEY_ID.test(id)) {
    throw new ConfigurationError(`${where}: the key id must be 1-32 characters of A-Z, a-z, 0-9, "_" or "-"`);
  }
  const material = colon < 0 ? entry : entry.slice(colon + 1);
  const key = BASE64.test(material)
    ? Buffer.from(material, material.includes('-') || material.includes('_') ? 'base64url' : 'base64')
    : null;
  if (key === null || key.length !== 32) {
    throw new ConfigurationError(`${where}: the key must be 32 random bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
  }
  return { id, key };
}

/** The text a key file holds for one freshly generated key. */
export function formatMasterKey(key: MasterKey): string {
  return `${key.id}:${key.key.toString('base64')}\n`;
}
