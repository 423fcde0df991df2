/**
 * CPU time spent by a process (and by a PostgreSQL cluster: the postmaster, the backends it has reaped and the live
 * ones), read from /proc. A shared machine changes how long a load takes, far less what each request costs in CPU:
 * CPU per request beside the baseline's is the figure that holds when other work runs alongside.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface ProcStat {
  ppid: number;
  /** utime + stime, ms. */
  own: number;
  /** cutime + cstime (reaped children), ms. */
  children: number;
}

function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const at = (n: number) => Number(fields[n - 3]);
  return { ppid: at(4), own: (at(14) + at(15)) * TICK_MS, children: (at(16) + at(17)) * TICK_MS };
}

/** CPU ms a process has used itself. */
export function processCpuMs(pid: number): number {
  return procStat(pid)?.own ?? 0;
}

/** CPU ms of a PostgreSQL cluster so far: the postmaster, its exited children, and its live children. */
export function clusterCpuMs(postmasterPid: number): number {
  const postmaster = procStat(postmasterPid);
  if (!postmaster) return 0;
  let total = postmaster.own + postmaster.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.ppid === postmasterPid) total += stat.own;
  }
  return total;
}
