/**
 * Stored profiles for the service commands: a service URL with a platform application's client id
 * and secret, under a name (`default` unless `--profile` says otherwise). One JSON file,
 * `$XDG_CONFIG_HOME/switchyard/profiles.json` (`~/.config/…` without the variable), owner-only:
 * the directory 0700, the file 0600, written whole to a temporary file, flushed, and renamed over
 * the old one, so a crash never leaves half a file; the directory is flushed after the rename, so
 * an OS crash right after a login does not bring the old file back. Logins take turns (a lock file
 * beside it, profiles-lock.ts), so two at once both keep their profile. Like the service's master key
 * file, a profile file that group or others can read is refused rather than used: the secret may
 * already have leaked, and the message says how to fix it.
 */
import { chmod, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Environment } from '../connectors/env-credentials.js';
import { ProfileError } from './exit-codes.js';
import { withProfilesLock } from './profiles-lock.js';
import { makeDirectories } from '@switchyard/runtime/internal';

export const DEFAULT_PROFILE = 'default';

export interface Profile {
  readonly service: string;
  readonly client_id: string;
  readonly client_secret: string;
}

interface ProfileFile {
  profiles: Record<string, Profile>;
}

/** The profile names a user may give: what fits a shell word and a JSON key without surprises. */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function checkProfileName(name: string): void {
  if (!PROFILE_NAME.test(name) || name === '__proto__')
    throw new ProfileError(
      `--profile ${JSON.stringify(name)}: a profile name is 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    );
}

export function profilesPath(env: Environment): string {
  const xdg = env['XDG_CONFIG_HOME'];
  // The XDG spec: a relative XDG_CONFIG_HOME is invalid and ignored.
  const base = xdg && xdg.startsWith('/') ? xdg : join(env['HOME'] || homedir(), '.config');
  return join(base, 'switchyard', 'profiles.json');
}

/** Every stored profile; none when the file does not exist. */
export async function readProfiles(env: Environment): Promise<Record<string, Profile>> {
  const path = profilesPath(env);
  let text: string;
  try {
    const info = await stat(path);
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
      throw new ProfileError(
        `${path} can be read by other users (mode ${(info.mode & 0o777).toString(8)}); its client secrets may have leaked. ` +
          `Rotate them, then run "chmod 600 ${path}" (switchyard login writes it owner-only)`,
      );
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error instanceof ProfileError ? error : new ProfileError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProfileError(`${path} is not valid JSON; run switchyard login again to rewrite it`);
  }
  const profiles = (parsed as Partial<ProfileFile> | null)?.profiles;
  if (profiles === null || typeof profiles !== 'object' || Array.isArray(profiles))
    throw new ProfileError(`${path} holds no "profiles" object; run switchyard login again to rewrite it`);
  const out: Record<string, Profile> = Object.create(null) as Record<string, Profile>;
  for (const [name, profile] of Object.entries(profiles)) {
    const p = profile as Partial<Profile> | null;
    if (typeof p?.service === 'string' && typeof p.client_id === 'string' && typeof p.client_secret === 'string') out[name] = p as Profile;
  }
  return out;
}

/** The profile named `name`; a ProfileError naming the ones there are when it is missing. */
export async function readProfile(env: Environment, name: string): Promise<Profile> {
  checkProfileName(name);
  const profiles = await readProfiles(env);
  const profile = profiles[name];
  if (profile) return profile;
  const known = Object.keys(profiles);
  throw new ProfileError(
    `no profile ${JSON.stringify(name)} in ${profilesPath(env)}` +
      (known.length ? ` (there are: ${known.join(', ')})` : '') +
      `; create it with: switchyard login --service <url>${name === DEFAULT_PROFILE ? '' : ` --profile ${name}`}`,
  );
}

/** Stores `profile` under `name` (replacing one of that name), owner-only; returns the file's path. */
export async function writeProfile(env: Environment, name: string, profile: Profile): Promise<string> {
  checkProfileName(name);
  const path = profilesPath(env);
  const dir = join(path, '..');
  try {
    makeDirectories(dir, 0o700);
  } catch (error) {
    // A folder of the operator's that cannot hold the profiles (a file, a dangling link, no
    // permission): the profile's problem, named with its place, not a failure of the service.
    throw new ProfileError(`cannot store profiles in ${dir}: ${(error as Error).message}`, { cause: error });
  }
  // Read, add and replace under the lock: two logins at once both keep their profile.
  return withProfilesLock(path, async () => {
    await replaceProfiles(path, { ...(await readProfiles(env)), [name]: profile });
    await flushDirectory(dir);
    return path;
  });
}

/** Writes `profiles` as the whole file at `path`: a temporary file created 0600, flushed, renamed over the old one. */
async function replaceProfiles(path: string, profiles: Record<string, Profile>): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  // Created 0600 from the start: the secret is never in a file others could open, not even briefly.
  await unlink(temporary).catch(() => undefined); // a leftover of a crashed run, whatever its mode
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(`${JSON.stringify({ profiles } satisfies ProfileFile, null, 2)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await chmod(temporary, 0o600); // the umask may have narrowed it further; never wider
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Flushes a directory's entries (the rename above) to the disk. Not on Windows, which cannot open a
 * directory to flush it (the service's store skips the same step there: packages/server,
 * src/flush-to-disk.ts).
 */
async function flushDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
