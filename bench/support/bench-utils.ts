import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

// Children still running when the bench exits (it failed, or forgot one) are killed, so a
// failed run leaves no server holding its port for the next one.
const spawned = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Spawns a node process and waits for a line matching `ready`. */
export async function spawnReady(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(child);
  child.on('exit', () => spawned.delete(child));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const on = (d: Buffer) => {
      out += d;
      if (ready.test(out)) resolve();
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return child;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ duration: 8, connections: 50, ...opts });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** Sequential requests, latency percentiles in ms: for list/search where p99 matters, not throughput. */
export async function latencies(
  n: number,
  fn: (i: number) => Promise<void>,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100;
  return { p50: at(0.5), p99: at(0.99) };
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it has exited. */
function processCpuSeconds(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU seconds so far of each PostgreSQL process on this machine, by pid. */
function postgresCpu(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres'))
        byPid.set(pid, processCpuSeconds(pid));
    } catch {}
  }
  return byPid;
}

/** What PostgreSQL's processes used since `before`: those still running (and new ones) only. */
function postgresCpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, now] of postgresCpu()) total += now - (before.get(pid) ?? 0);
  return total;
}

export interface CpuSplit {
  server: number;
  loadGenerator: number;
  postgres: number;
}

/**
 * Where the CPU of a load went, per request in µs: the server process, this process (the load
 * generator) and PostgreSQL's processes on this machine. A backend that exits during the load is
 * not counted, so measure over a pool that stays connected (a server's).
 */
export async function cpuPerRequest<T extends { rps: number }>(
  serverPid: number,
  seconds: number,
  run: () => Promise<T>,
): Promise<T & { cpu: CpuSplit }> {
  const own = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const before = { server: processCpuSeconds(serverPid), me: own(), pg: postgresCpu() };
  const result = await run();
  const requests = Math.max(1, result.rps * seconds);
  const per = (s: number) => Math.round((s * 1e6) / requests);
  return {
    ...result,
    cpu: {
      server: per(processCpuSeconds(serverPid) - before.server),
      loadGenerator: per(own() - before.me),
      postgres: per(postgresCpuSince(before.pg)),
    },
  };
}
