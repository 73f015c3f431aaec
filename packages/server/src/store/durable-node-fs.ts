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
import { flushesDirectories } from '../flush-to-disk.js';

type InitOptions = Parameters<NodeFS['init']>[1];
type Initialized = Awaited<ReturnType<NodeFS['init']>>;

interface NodeFsStream {
  /** The Node file descriptor NODEFS opened for the stream. */
  nfd?: number;
  node: { mode: number };
}

/** The part of Emscripten's module this filesystem touches. */
interface EmscriptenNodeFs {
  FS: { isDir(mode: number): boolean };
  NODEFS: {
    stream_ops: { fsync?: (stream: NodeFsStream) => number };
    /** Turns a Node error into the errno PostgreSQL sees (EIO stays EIO, and PostgreSQL stops). */
    tryFSOperation<T>(operation: () => T): T;
  };
}

export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): Promise<Initialized> {
    const { emscriptenOpts } = await super.init(...args);
    const directories = flushesDirectories(process.platform);
    const addFsync = (mod: unknown) => {
      const { FS, NODEFS } = mod as EmscriptenNodeFs;
      NODEFS.stream_ops.fsync = (stream) => {
        const fd = stream.nfd;
        if (fd === undefined || (!directories && FS.isDir(stream.node.mode))) return 0;
        NODEFS.tryFSOperation(() => fs.fsyncSync(fd));
        return 0;
      };
    };
    const preRun = [...(emscriptenOpts.preRun ?? []), addFsync] as InitOptions['preRun'];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
