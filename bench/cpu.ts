import fs from 'node:fs';
import os from 'node:os';

/** CPU time counters at one instant (milliseconds). Linux `/proc` only; zeros elsewhere. */
export interface CpuSnapshot {
  at: number;
  /** Busy and total CPU time of the whole machine, over all cores. */
  machineBusy: number;
  machineTotal: number;
  /**
   * User+system time of the server's own processes: members of its process group (npx, tsx, Node;
   * Node names its main thread `MainThread`), PostgreSQL excluded.
   */
  node: number;
  /** User+system time of the PostgreSQL processes (descendants of `postmasterPid`). */
  postgres: number;
  /** The same, by pid: {@link cpuUsage} differences per process, so a backend that exits is not subtracted. */
  postgresByPid: Map<number, number>;
}

/** CPU used between two snapshots. */
export interface CpuUsage {
  /** Machine busy share over all cores, 0-100. */
  machineBusyPct: number;
  /** Server process CPU in milliseconds, and as a share of one core (0-100 per core). */
  nodeMs: number;
  nodeCorePct: number;
  /** PostgreSQL CPU in milliseconds, and as a share of one core. */
  postgresMs: number;
  postgresCorePct: number;
}

interface ProcStat {
  pid: number;
  ppid: number;
  pgid: number;
  comm: string;
  cpuMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux.

function readProcs(): ProcStat[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const out: ProcStat[] = [];
  for (const entry of entries) {
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = text.lastIndexOf(')');
      const comm = text.slice(text.indexOf('(') + 1, close);
      const fields = text.slice(close + 2).split(' ');
      // fields[0] = state (field 3); ppid = 4, pgrp = 5, utime = 14, stime = 15.
      out.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        pgid: Number(fields[2]),
        comm,
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // Process exited while reading.
    }
  }
  return out;
}

/** `root` and every process descending from it. */
function descendants(procs: ProcStat[], root: number): Set<number> {
  const inTree = new Set<number>([root]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const p of procs) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        changed = true;
      }
    }
  }
  return inTree;
}

/**
 * CPU time (ms) of each PostgreSQL process (the postmaster `postmasterPid` and its descendants), by
 * pid. Differencing two of these per pid stays right when backends exit in between (a pooled
 * connection closed when idle), where the totals of `cpuSnapshot` would lose the exited backend's time.
 */
export function postgresCpuByPid(postmasterPid: number): Map<number, number> {
  const procs = readProcs();
  const inTree = descendants(procs, postmasterPid);
  return new Map(procs.filter((p) => inTree.has(p.pid)).map((p) => [p.pid, p.cpuMs]));
}

/**
 * Take a CPU snapshot for a server started in process group `pgid`, whose PostgreSQL postmaster is
 * `postmasterPid` (null: no PostgreSQL accounting).
 */
export function cpuSnapshot(pgid: number, postmasterPid: number | null): CpuSnapshot {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  const procs = readProcs();
  const inTree = postmasterPid === null ? new Set<number>() : descendants(procs, postmasterPid);
  const sum = (list: ProcStat[]) => list.reduce((a, p) => a + p.cpuMs, 0);
  const node = sum(procs.filter((p) => p.pgid === pgid && !inTree.has(p.pid)));
  const pgProcs = procs.filter((p) => inTree.has(p.pid));
  const postgres = sum(pgProcs);
  const postgresByPid = new Map(pgProcs.map((p) => [p.pid, p.cpuMs]));
  return { at: performance.now(), machineBusy: busy, machineTotal: total, node, postgres, postgresByPid };
}

/** CPU used over one or more `[before, after]` snapshot pairs (e.g. the segments of a run). */
export function cpuUsage(pairs: [CpuSnapshot, CpuSnapshot][]): CpuUsage {
  let wall = 0;
  let nodeMs = 0;
  let postgresMs = 0;
  let busy = 0;
  let total = 0;
  for (const [a, b] of pairs) {
    wall += b.at - a.at;
    nodeMs += b.node - a.node;
    // Per process: a backend that exited in between (a pooled connection closed when idle) would take
    // its whole lifetime's CPU out of a difference of totals; one that started counts from zero.
    for (const [pid, ms] of b.postgresByPid) postgresMs += ms - (a.postgresByPid.get(pid) ?? 0);
    busy += b.machineBusy - a.machineBusy;
    total += b.machineTotal - a.machineTotal;
  }
  wall = Math.max(1, wall);
  return {
    machineBusyPct: total > 0 ? (100 * busy) / total : Number.NaN,
    nodeMs,
    nodeCorePct: (100 * nodeMs) / wall,
    postgresMs,
    postgresCorePct: (100 * postgresMs) / wall,
  };
}

/** The pid of the PostgreSQL postmaster of data directory `pgDir` (first line of `postmaster.pid`). */
export function postmasterPid(pgDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(`${pgDir}/postmaster.pid`, 'utf8').split('\n')[0] ?? '', 10);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Resident memory (MiB) of the server started in process group `pgid`, PostgreSQL excluded (the
 * processes of `postmasterPid`'s tree): the sum of `/proc/<pid>/statm` resident pages of the group's
 * processes. For the compiled product that is the one Node process. 0 where `/proc` is missing.
 */
export function serverRssMb(pgid: number, postmasterPid: number | null): number {
  const procs = readProcs();
  const inTree = postmasterPid === null ? new Set<number>() : descendants(procs, postmasterPid);
  let pages = 0;
  for (const p of procs) {
    if (p.pgid !== pgid || inTree.has(p.pid)) continue;
    try {
      pages += Number(fs.readFileSync(`/proc/${p.pid}/statm`, 'utf8').split(' ')[1]);
    } catch {
      // Exited while reading.
    }
  }
  return (pages * PAGE_BYTES) / 1024 ** 2;
}

/** Memory page size of Linux on x86-64 and arm64 (4 KiB). */
const PAGE_BYTES = 4096;
