/** A closed loop of callers over a list of inputs, timed with the CPU of node and PostgreSQL. */
import type { Pool } from '../../src/db/pool.js';
import { BackendCpu } from './backend-cpu.js';

export interface Timing {
  count: number;
  wallMs: number;
  cpuMs: number;
  /** Of which PostgreSQL's backends. */
  pgMs: number;
  latencies: number[];
  byKind: Map<string, number[]>;
}

/**
 * Runs `work` over the inputs in a closed loop of `concurrency` callers for `limitSeconds`,
 * from input `from` on; with `once`, it also stops at the end of the list, so nothing is
 * done twice (a cache in the code measured would otherwise answer the repeats). CPU is this
 * process's plus that of the pool's PostgreSQL backends (those with the pool's
 * application_name), so a per-core figure counts the database's work too.
 */
export async function closedLoop<T extends { kind?: string }>(
  pool: Pool,
  inputs: T[],
  work: (input: T) => Promise<unknown>,
  limitSeconds: number,
  concurrency: number,
  { from = 0, once = false }: { from?: number; once?: boolean } = {},
): Promise<Timing> {
  const backends = new BackendCpu(pool);
  await backends.start();
  const cpu = process.cpuUsage();
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  let next = from;
  const started = performance.now();
  const deadline = started + limitSeconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline && !(once && next >= inputs.length)) {
      const input = inputs[next++ % inputs.length];
      const t = performance.now();
      await work(input);
      const ms = performance.now() - t;
      latencies.push(ms);
      if (input.kind) {
        const xs = byKind.get(input.kind);
        if (xs) xs.push(ms);
        else byKind.set(input.kind, [ms]);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const wallMs = performance.now() - started;
  const own = process.cpuUsage(cpu);
  const pgMs = (await backends.stop())
    .filter(([who]) => who === pool.options.application_name)
    .reduce((s, [, ms]) => s + ms, 0);
  return {
    count: latencies.length,
    wallMs,
    cpuMs: (own.user + own.system) / 1000 + pgMs,
    pgMs,
    latencies,
    byKind,
  };
}

export const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 100) / 100;
};

export function report(name: string, t: Timing) {
  const perSecond = Math.round(t.count / (t.wallMs / 1000));
  const perCore = Math.round(t.count / (t.cpuMs / 1000));
  console.log(
    `${name}: ${t.count} in ${(t.wallMs / 1000).toFixed(1)} s = ${perSecond}/s; p50 ${pct(t.latencies, 0.5)} ms, p99 ${pct(t.latencies, 0.99)} ms; ` +
      `CPU ${((t.cpuMs * 1000) / t.count).toFixed(0)} µs each (node ${(((t.cpuMs - t.pgMs) * 1000) / t.count).toFixed(0)} + PostgreSQL ${((t.pgMs * 1000) / t.count).toFixed(0)}) = ${perCore}/s per core`,
  );
  for (const [kind, xs] of t.byKind)
    console.log(
      `  ${kind.padEnd(7)} ${String(xs.length).padStart(6)}  p50 ${pct(xs, 0.5)} ms  p99 ${pct(xs, 0.99)} ms`,
    );
}
