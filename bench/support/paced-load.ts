import { Pool } from 'undici';

/**
 * Open-loop load at a steady rate: request k is due at start + k/rate and is sent then,
 * whether or not earlier ones have answered, over a keep-alive pool. Latency is measured from
 * the due time, so a server (or a client) that falls behind shows in the percentiles instead of
 * silently lowering the rate (coordinated omission).
 *
 * Why not autocannon's `overallRate`: it lets each connection send its share of a second's
 * requests back to back when the second starts, so "200 requests/s" over 20 connections
 * arrives as bursts of 10 per connection, and the p99 measures queueing behind the burst
 * (13 ms even for /healthz on this machine).
 */
export interface PacedOptions {
  origin: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for each request; its result is the body (JSON text) for POSTs. */
  body?: (i: number) => string;
  rate: number;
  seconds: number;
  connections?: number;
}

export interface PacedResult {
  sent: number;
  /** Requests per second actually sent. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** The slowest requests: when each was due (wall clock, ms since the epoch) and its latency. */
  slowest: { at: number; ms: number }[];
}

export async function pacedLoad(opts: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(opts.origin, { connections: opts.connections ?? 50, pipelining: 1 });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  const timed: { at: number; ms: number }[] = [];
  const epochOffset = Date.now() - performance.now();
  let non2xx = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const fire = (i: number, due: number) =>
    pool
      .request({
        path: opts.path,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        body: opts.body?.(i),
      })
      .then(async (res) => {
        await res.body.arrayBuffer();
        if (res.statusCode < 200 || res.statusCode > 299) non2xx++;
        const ms = performance.now() - due;
        latencies.push(ms);
        timed.push({ at: Math.round(epochOffset + due), ms: Math.round(ms) });
      })
      .catch(() => {
        errors++;
      });
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now goes out now; then sleep until the next one is due.
    while (next < total && start + (next * 1000) / opts.rate <= now) {
      inFlight.push(fire(next, start + (next * 1000) / opts.rate));
      next++;
    }
    const wait = start + (next * 1000) / opts.rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, Math.max(1, Math.floor(wait))));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return {
    sent: total,
    rps: Math.round(total / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    non2xx,
    errors,
    slowest: timed.sort((a, b) => b.ms - a.ms).slice(0, 15),
  };
}
