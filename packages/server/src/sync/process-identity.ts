/**
 * Who a sync worker's process is, precisely enough for another process to know for certain that it
 * has exited, and never to declare a live one dead.
 *
 * Pids only compare within one pid namespace of one running kernel: the kernel's boot id (random
 * per boot) and the namespace's inode together name that space, on Linux. Two processes on other
 * machines, in other containers or on other systems never compare, and fall back to their lease.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';

export interface ProcessIdentity {
  readonly bootId: string | null;
  readonly pidNamespace: string | null;
  readonly pid: number;
  /** Random per process (shared by every copy of this module loaded in it). */
  readonly incarnation: string;
}

const INCARNATION = Symbol.for('switchyard.sync.incarnation');

export function thisProcess(): ProcessIdentity {
  const holder = globalThis as { [INCARNATION]?: string };
  holder[INCARNATION] ??= randomUUID();
  return {
    bootId: readOrNull(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    pidNamespace: readOrNull(() => readlinkSync('/proc/self/ns/pid')),
    pid: process.pid,
    incarnation: holder[INCARNATION],
  };
}

/**
 * True only when `other` has certainly exited: it shares our pid space and either holds our own
 * pid (so it was an earlier process) or its pid no longer exists. A pid reused by an unrelated
 * process, or a zombie, reads as alive: the safe side (the lease still decides).
 */
export function hasExited(other: ProcessIdentity, self: ProcessIdentity): boolean {
  if (other.incarnation === self.incarnation) return false;
  if (!self.bootId || !self.pidNamespace || other.bootId !== self.bootId || other.pidNamespace !== self.pidNamespace) return false;
  if (other.pid === self.pid) return true;
  // kill(0) with a pid ≤ 0 would address process groups: such a row is not ours to judge.
  if (!Number.isInteger(other.pid) || other.pid <= 0) return false;
  try {
    process.kill(other.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function readOrNull(read: () => string): string | null {
  try {
    return read() || null;
  } catch {
    return null;
  }
}
