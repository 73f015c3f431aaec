/**
 * CPU time a process has used so far, in milliseconds: this process from `process.cpuUsage()`,
 * another from /proc/<pid>/stat (Linux; utime + stime in clock ticks of 1/100 s, USER_HZ on every
 * Linux the benchmarks run on). Used to split a saturated run's CPU between the processes of the
 * loop (client, service or relay, vendor fake), so a throughput figure says whose work it is.
 * Undefined where /proc is not there.
 */
import { readFileSync } from 'node:fs';

const TICK_MS = 10;

export function processCpuMs(pid: number = process.pid): number | undefined {
  if (pid === process.pid) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
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
