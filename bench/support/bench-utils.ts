import { type ChildProcess, spawn } from 'node:child_process';
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
