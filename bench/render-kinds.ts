/**
 * Every order kind through one BrowserPool and renderJob(), the dispatch the server's render
 * job uses, in one run:
 *   node --import tsx bench/render-kinds.ts [piecesPerPhase=50]
 *   (ROUNDS=3 POOL=3 IN_FLIGHT=6 KINDS=letter,postcard,self_mailer,cheque; PRINTS_AT_ONCE: the
 *   pool's printsAtOnce, by default half the CPUs, at least 2, at most POOL)
 * A round is three groups of phases, each a letter phase and one phase of every other kind
 * (sizes: 6x4, 8.5x11_bifold and a cheque alone on us_letter; 9x6, 8.5x11_trifold and a
 * us_letter cheque with the letter attached; 11x6, 9.5x16_trifold and a us_legal cheque with
 * the letter), the order inside a group turning each round, so noise from other work on the
 * machine and the pool's warming caches fall on every kind alike. Each phase keeps IN_FLIGHT
 * pieces going. Memory is the peak of the whole process tree (node + every Chromium process)
 * during a kind's phases; CPU is the tree's user + system time per piece, the steadier figure
 * on a shared machine.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { BrowserPool, createAssetFetcher, renderJob } from '../src/engines/render/index.js';
import { startMemorySampler } from './process-tree.js';
import { type Phase, printKindReport, type Variant } from './support/kind-report.js';
import { type BenchKind, benchJob, benchPageCount } from './support/render-pieces.js';

const PIECES = Number(process.argv[2] ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const POOL = Number(process.env.POOL ?? 3);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 2 * POOL);
const WARMUP = Number(process.env.WARMUP ?? 10);

const ALL_KINDS: BenchKind[] = ['letter', 'postcard', 'self_mailer', 'cheque'];
const KINDS = (process.env.KINDS?.split(',') ?? ALL_KINDS) as BenchKind[];
if (KINDS[0] !== 'letter' || KINDS.some((k) => !ALL_KINDS.includes(k)))
  throw new Error(`KINDS starts with letter (the baseline) and names only ${ALL_KINDS.join(', ')}`);

const letter: Variant = { kind: 'letter', size: 'us_letter' };
const GROUPS: Variant[][] = (
  [
    [
      letter,
      { kind: 'postcard', size: '6x4' },
      { kind: 'self_mailer', size: '8.5x11_bifold' },
      { kind: 'cheque', size: 'us_letter' },
    ],
    [
      letter,
      { kind: 'postcard', size: '9x6' },
      { kind: 'self_mailer', size: '8.5x11_trifold' },
      { kind: 'cheque', size: 'us_letter+letter' },
    ],
    [
      letter,
      { kind: 'postcard', size: '11x6' },
      { kind: 'self_mailer', size: '9.5x16_trifold' },
      { kind: 'cheque', size: 'us_legal+letter' },
    ],
  ] satisfies Variant[][]
).map((group) => group.filter((v) => KINDS.includes(v.kind)));

const PRINTS_AT_ONCE = process.env.PRINTS_AT_ONCE ? Number(process.env.PRINTS_AT_ONCE) : undefined;
const pool = new BrowserPool({ size: POOL, printsAtOnce: PRINTS_AT_ONCE });
const fetchAsset = createAssetFetcher(false);
let nextPiece = 0;

async function runPhase(variant: Variant, round: number, group: number, pieces: number): Promise<Phase> {
  const stageMs = new Map<string, number>();
  const observe = (stage: string, ms: number) => stageMs.set(stage, (stageMs.get(stage) ?? 0) + ms);
  const deps = { pool, fetchAsset, observe };
  const memory = startMemorySampler();
  const latencies: number[] = [];
  let taken = 0;
  let pages = 0;
  let warnings = 0;
  const expected = benchPageCount(variant.kind, variant.size);
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
  return { variant, round, group, pieces, pages, seconds, latencies, warnings, ...peak, stageMs };
}

const startedAt = new Date().toISOString();
const loadBefore = loadavg()[0].toFixed(1);
const pressureBefore = cpuPressure();
// Warm-up: the browser, every tab, and each size's first layouts before anything is timed.
await pool.warm();
for (const [g, group] of GROUPS.entries())
  for (const variant of group) await runPhase(variant, -1, g, WARMUP);

const phases: Phase[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [g, group] of GROUPS.entries()) {
    const turned = group.map((_, k) => group[(k + round) % group.length]);
    for (const variant of turned) {
      const phase = await runPhase(variant, round, g, PIECES);
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
  `pool of ${POOL} tabs, ${pool.printsAtOnce} prints at once, ${IN_FLIGHT} in flight; ${ROUNDS} rounds of ${GROUPS.flat().length} phases of ${PIECES} pieces, after ${WARMUP} warm-up pieces of each size\n`,
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
