/**
 * PGlite's Node filesystem with `fsync` passed on to the operating system, so a commit on disk is on
 * the disk when it returns, not only in the OS's page cache.
 *
 * Why this exists: PGlite 0.5 mounts the data directory through Emscripten's NODEFS, whose files have
 * no `fsync` stream operation, and whose `fdatasync` system call (PostgreSQL's default way to flush
 * the write-ahead log on Linux) only checks the descriptor. Traced with `strace -f` over 20 committed
 * inserts: 457 `pwrite64`, not one `fsync` or `fdatasync` (README, "Store"). PostgreSQL's `fsync()`
 * calls do reach the filesystem's `fsync` stream operation when it has one, so this filesystem adds
 * it (Node's `fsyncSync` on the file's descriptor) before PostgreSQL starts, and the engine sets
 * `wal_sync_method = fsync` so the write-ahead log is flushed through it (pglite-engine.ts).
 *
 * It reaches into Emscripten's NODEFS object, which PGlite does not document; the engine tests count
 * the `fsync` calls a commit makes, so a PGlite upgrade that moves it fails there, not silently.
 */
import fs from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitOptions = Parameters<NodeFS['init']>[1];
type Initialized = Awaited<ReturnType<NodeFS['init']>>;

/** The part of Emscripten's module this filesystem touches. */
interface EmscriptenNodeFs {
  NODEFS: {
    stream_ops: { fsync?: (stream: { nfd?: number }) => number };
    /** Turns a Node error into the errno PostgreSQL sees (EIO stays EIO, and PostgreSQL stops). */
    tryFSOperation<T>(operation: () => T): T;
  };
}

export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): Promise<Initialized> {
    const { emscriptenOpts } = await super.init(...args);
    const addFsync = (mod: unknown) => {
      const { NODEFS } = mod as EmscriptenNodeFs;
      NODEFS.stream_ops.fsync = (stream) => {
        // Every NODEFS stream has a descriptor (directories too, which PostgreSQL also flushes).
        if (stream.nfd !== undefined) NODEFS.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
        return 0;
      };
    };
    const preRun = [...(emscriptenOpts.preRun ?? []), addFsync] as InitOptions['preRun'];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
