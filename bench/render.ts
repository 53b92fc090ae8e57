/**
 * Letters per second through the render pipeline, and the memory it takes.
 *   node --import tsx bench/render.ts [letters=300]   (BENCH_RENDER_IDLE=false: no SCHED_IDLE)
 * Every letter is a full renderLetter(): merge, asset inlining, Chromium HTML→PDF, address
 * stamping and serialisation. The naive baseline is one browser, one reused tab, one letter
 * at a time; the pool runs are a warm pool of N tabs fed with 2N letters in flight, then a
 * campaign's backlog (36 in flight) printed one by one and in shared prints (print-batcher.ts).
 * Memory is the whole process tree (node + every Chromium process), read from /proc.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { BrowserPool, createAssetFetcher, renderLetter } from '../src/engines/render/index.js';
import { startMemorySampler } from './process-tree.js';
import { benchLetter as letter } from './support/render-pieces.js';

const LETTERS = Number(process.argv[2] ?? 300);
const WARMUP = 20;

interface Row {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  peakTotalMb: number;
  peakPssMb: number;
  cpuMsPerLetter: number;
}

async function run(name: string, poolSize: number, inFlight: number, printBatch?: number): Promise<Row> {
  // BENCH_RENDER_IDLE=false: Chromium at nice 19 without SCHED_IDLE (POSTROOM_RENDER_IDLE=false).
  const idle = process.env.BENCH_RENDER_IDLE !== 'false';
  const pool = new BrowserPool({ size: poolSize, priority: { niceness: 19, idle }, printBatch });
  const deps = { pool, fetchAsset: createAssetFetcher(false) };
  await pool.warm();
  for (let i = 0; i < WARMUP; i++) await renderLetter(letter(i), deps);
  const memory = startMemorySampler();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < LETTERS) {
        const i = next++;
        const t = performance.now();
        const out = await renderLetter(letter(i), deps);
        if (out.pageCount !== 1) throw new Error(`letter ${i} has ${out.pageCount} pages`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  await pool.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]);
  return {
    name,
    perSecond: LETTERS / seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    peakTotalMb: peak.rssMb,
    peakPssMb: peak.pssMb,
    cpuMsPerLetter: peak.cpuMs / LETTERS,
  };
}

// Configurations run interleaved, ROUNDS times each, so a burst of load from something else
// on the machine hits them all alike; the table shows each one's median round.
// The last two are a campaign's backlog: many letters waiting at once, printed one by one
// (printBatch 1) and sharing prints (the default), the pair the campaign target compares.
const CONFIGS: Array<[name: string, size: number, inFlight: number, printBatch?: number]> = [
  ['naive: 1 browser, 1 reused tab, sequential', 1, 1],
  ['pool of 2 tabs, 4 in flight', 2, 4],
  ['pool of 3 tabs, 6 in flight', 3, 6],
  ['pool of 4 tabs, 8 in flight', 4, 8],
  ['pool of 3 tabs, 36 in flight, one by one', 3, 36, 1],
  ['pool of 3 tabs, 36 in flight, shared prints', 3, 36],
];
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const loadBefore = loadavg()[0].toFixed(1);
const results = new Map<string, Row[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, size, inFlight, printBatch] of CONFIGS) {
    const row = await run(name, size, inFlight, printBatch);
    results.set(name, [...(results.get(name) ?? []), row]);
    console.error(`round ${round + 1}: ${name}: ${row.perSecond.toFixed(1)}/s`);
  }
}
const rows = [...results.values()].map((runs) => {
  const sorted = [...runs].sort((a, b) => a.perSecond - b.perSecond);
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    range: `${sorted[0].perSecond.toFixed(1)}–${sorted.at(-1)!.perSecond.toFixed(1)}`,
  };
});

const chromium = execFileSync('/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
  .toString()
  .trim();
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB RAM; node ${process.version}; ${chromium}`,
);
console.log(
  `1-minute load average ${loadBefore} before, ${loadavg()[0].toFixed(1)} after (other work on the machine)`,
);
console.log(`letters per run: ${LETTERS} (after ${WARMUP} warm-up letters), median of ${ROUNDS} rounds\n`);
console.log(
  '| run | letters/s (median) | range | p50 ms | p99 ms | CPU ms/letter | peak PSS MB | peak RSS sum MB |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const cpu = r.cpuMsPerLetter.toFixed(1);
  const cells = [r.name, r.perSecond.toFixed(1), r.range, r.p50, r.p99, cpu, r.peakPssMb, r.peakTotalMb];
  console.log(`| ${cells.join(' | ')} |`);
}
