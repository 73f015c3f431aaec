/**
 * The start of a child process's script (`node --input-type=module -e`) that records what the code
 * it runs does to the disk, for the suites that check the order of flushes (engines.test.ts,
 * key-file-flush.test.ts). It hooks Node's `fs` and leaves in scope:
 *
 * - `fs`: node:fs, for the script's own hooks (call `syncBuiltinESMExports()` after adding them; the
 *   hooks here are synced already, and syncing again keeps them);
 * - `events`: in order, `['open', path]` for each file opened other than read-only and
 *   `['fsync', path]` for each flush, the path taken from the open that gave the descriptor (so it
 *   works on every platform); while `recording` is true;
 * - `recording`: set it to false to stop adding events.
 *
 * Flushes on other threads (the store's: store/pglite-thread.ts) are counted by count-flushes.mjs.
 * Code that opens and flushes through `openSync`/`fsyncSync` (named imports too) is seen.
 */
export const RECORD_FLUSHES = `
  const fs = (await import('node:fs')).default;
  const events = [];
  let recording = true;
  const descriptorPaths = new Map();
  const openSync = fs.openSync;
  fs.openSync = (path, flags, ...rest) => {
    const fd = openSync(path, flags, ...rest);
    descriptorPaths.set(fd, String(path));
    if (recording && flags !== 'r' && flags !== 0) events.push(['open', String(path)]);
    return fd;
  };
  const fsyncSync = fs.fsyncSync;
  fs.fsyncSync = (fd) => {
    if (recording) events.push(['fsync', descriptorPaths.get(fd)]);
    return fsyncSync(fd);
  };
  (await import('node:module')).syncBuiltinESMExports();
`;
