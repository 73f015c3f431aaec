/**
 * CPU time a process has used so far, in milliseconds: this process from `process.cpuUsage()`,
 * another from /proc (Linux): the sum of its threads' run time from /proc/<pid>/task/<tid>/schedstat,
 * which the scheduler keeps in nanoseconds, or, where that file is missing, utime + stime from
 * /proc/<pid>/stat in clock ticks of 1/100 s (USER_HZ on every Linux the benchmarks run on). The
 * ticks are sampled: fine for a saturated second, off for a process that runs in short bursts (the
 * service's main thread, woken a few times per 20 ms, read 1,833 and 2,400 µs per call in ticks and
 * 1,494 and 1,714 by the scheduler's count in back-to-back runs, 2026-11-28). Used to split a
 * saturated run's CPU between the processes of the loop (client, service or relay, vendor fake),
 * and to read a sequential call's in the service or the relay, so a figure says whose work it is.
 * Undefined where /proc is not there.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10;

export function processCpuMs(pid: number = process.pid): number | undefined {
  if (pid === process.pid) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  return threadsRunMs(pid) ?? ticksMs(pid);
}

/** The run time of every live thread of `pid` (threads that have exited are not counted; Node keeps its own). */
function threadsRunMs(pid: number): number | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let ns = 0;
  let read = 0;
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      read++;
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return read > 0 && Number.isFinite(ns) ? ns / 1e6 : undefined;
}

function ticksMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
