/**
 * Letters, postcards and self mailers through one BrowserPool and renderJob(), the dispatch the
 * server's render job uses, in one run:
 *   node --import tsx bench/render-kinds.ts [piecesPerPhase=50]   (ROUNDS=3 POOL=3 IN_FLIGHT=6)
 * A round is three triplets of phases, each a letter phase, a postcard phase and a self-mailer
 * phase (sizes: 6x4 with 8.5x11_bifold, 9x6 with 8.5x11_trifold, 11x6 with 9.5x16_trifold), the
 * order inside a triplet turning each round, so noise from other work on the machine and the
 * pool's warming caches fall on every kind alike. Each phase keeps IN_FLIGHT pieces going.
 * Memory is the peak of the whole process tree (node + every Chromium process) during a
 * kind's phases; CPU is the tree's user + system time per piece, the steadier figure on a
 * shared machine.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { BrowserPool, createAssetFetcher, renderJob } from '../src/engines/render/index.js';
import { startMemorySampler } from './process-tree.js';
import { type Phase, printKindReport, type Variant } from './support/kind-report.js';
import { type BenchKind, benchJob } from './support/render-pieces.js';

const PIECES = Number(process.argv[2] ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const POOL = Number(process.env.POOL ?? 3);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 2 * POOL);
const WARMUP = Number(process.env.WARMUP ?? 10);

const letter: Variant = { kind: 'letter', size: 'us_letter' };
const TRIPLETS: Variant[][] = [
  [letter, { kind: 'postcard', size: '6x4' }, { kind: 'self_mailer', size: '8.5x11_bifold' }],
  [letter, { kind: 'postcard', size: '9x6' }, { kind: 'self_mailer', size: '8.5x11_trifold' }],
  [letter, { kind: 'postcard', size: '11x6' }, { kind: 'self_mailer', size: '9.5x16_trifold' }],
];
const KINDS: BenchKind[] = ['letter', 'postcard', 'self_mailer'];

const pool = new BrowserPool({ size: POOL });
const fetchAsset = createAssetFetcher(false);
let nextPiece = 0;

async function runPhase(variant: Variant, round: number, triplet: number, pieces: number): Promise<Phase> {
  const stageMs = new Map<string, number>();
  const observe = (stage: string, ms: number) => stageMs.set(stage, (stageMs.get(stage) ?? 0) + ms);
  const deps = { pool, fetchAsset, observe };
  const memory = startMemorySampler();
  const latencies: number[] = [];
  let taken = 0;
  let pages = 0;
  let warnings = 0;
  const expected = variant.kind === 'letter' ? 1 : 2;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (taken < pieces) {
        taken++;
        const i = nextPiece++;
        const t = performance.now();
        const out = await renderJob(benchJob(variant.kind, variant.size, i), deps);
        latencies.push(performance.now() - t);
        if (out.pageCount !== expected) throw new Error(`${variant.kind} ${i}: ${out.pageCount} pages`);
        pages += out.pageCount;
        warnings += out.warnings.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  return { variant, round, triplet, pieces, pages, seconds, latencies, warnings, ...peak, stageMs };
}

const startedAt = new Date().toISOString();
const loadBefore = loadavg()[0].toFixed(1);
const pressureBefore = cpuPressure();
// Warm-up: the browser, every tab, and each size's first layouts before anything is timed.
await pool.warm();
for (const [t, triplet] of TRIPLETS.entries())
  for (const variant of triplet) await runPhase(variant, -1, t, WARMUP);

const phases: Phase[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [t, triplet] of TRIPLETS.entries()) {
    const turned = triplet.map((_, k) => triplet[(k + round) % triplet.length]);
    for (const variant of turned) {
      const phase = await runPhase(variant, round, t, PIECES);
      phases.push(phase);
      const rate = (phase.pieces / phase.seconds).toFixed(1);
      console.error(`round ${round + 1}: ${variant.kind} ${variant.size}: ${rate} pieces/s`);
    }
  }
}
await pool.close();

// Chromium's wrapper script writes a shell warning to stderr here; only the version matters.
const chromium = execFileSync('/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB RAM; node ${process.version}; ${chromium.toString().trim()}`,
);
console.log(
  `started ${startedAt}; 1-minute load average ${loadBefore} before, ${loadavg()[0].toFixed(1)} after; ` +
    `CPU pressure (some, avg60) ${pressureBefore} before, ${cpuPressure()} after`,
);
console.log(
  `pool of ${POOL} tabs, ${IN_FLIGHT} in flight; ${ROUNDS} rounds of 9 phases of ${PIECES} pieces, after ${WARMUP} warm-up pieces of each size\n`,
);
printKindReport(phases, KINDS);

/** The share of the last minute in which some task waited for a CPU: how busy the machine was. */
function cpuPressure(): string {
  try {
    return `${readFileSync('/proc/pressure/cpu', 'utf8').match(/^some avg10=\S+ avg60=(\S+)/)![1]}%`;
  } catch {
    return 'unknown';
  }
}
