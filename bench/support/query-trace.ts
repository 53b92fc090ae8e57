import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * Bench-only diagnosis: times every statement any pg client of this process sends (the API's
 * pool, the render jobs', pg-boss's) by wrapping Client#query, so a latency tail can be traced
 * to the statement that waited. `report()` returns, per statement (its first words), how many
 * ran, how many took over `slowMs`, the slowest, and resets.
 */
export function traceQueries(slowMs: number) {
  const stats = new Map<string, { n: number; slow: number; maxMs: number; totalMs: number }>();
  // The slowest statements with their wall-clock start, to line up with slow requests.
  let slowest: { at: number; ms: number; head: string }[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const headOf = (q: unknown) => {
    const text =
      typeof q === 'string'
        ? q
        : ((q as { text?: string; name?: string })?.name ?? (q as { text?: string })?.text ?? '?');
    return text.replace(/\s+/g, ' ').trim().slice(0, 70);
  };
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const head = headOf(args[0]);
    const done = () => {
      const ms = performance.now() - started;
      const s = stats.get(head) ?? { n: 0, slow: 0, maxMs: 0, totalMs: 0 };
      s.n++;
      s.totalMs += ms;
      if (ms > slowMs) {
        s.slow++;
        slowest.push({ at: Date.now() - ms, ms, head });
      }
      s.maxMs = Math.max(s.maxMs, ms);
      stats.set(head, s);
    };
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
  return {
    report() {
      const rows = [...stats.entries()]
        .sort((a, b) => b[1].slow - a[1].slow || b[1].maxMs - a[1].maxMs)
        .slice(0, 14)
        .map(
          ([head, s]) =>
            `  ${String(s.n).padStart(6)} ran, ${String(s.slow).padStart(4)} > ${slowMs} ms, mean ${(s.totalMs / s.n).toFixed(1)} ms, max ${s.maxMs.toFixed(0)} ms  ${head}`,
        );
      const when = slowest
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 15)
        .sort((a, b) => a.at - b.at)
        .map(
          (x) =>
            `  at ${new Date(x.at).toISOString().slice(11, 23)} ${x.ms.toFixed(0)} ms  ${x.head.slice(0, 50)}`,
        );
      stats.clear();
      slowest = [];
      return [...rows, '  the slowest, by start time:', ...when].join('\n');
    },
  };
}
