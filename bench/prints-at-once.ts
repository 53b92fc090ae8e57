/**
 * How many shared prints should run at once (BrowserPool printsAtOnce), measured A/B in one run:
 *   node --import tsx bench/prints-at-once.ts [piecesPerPhase=100]   (ROUNDS=4 A=2 B=3 IN_FLIGHT=6)
 * Two pools of 3 tabs, one with A prints at once and one with B, take turns (the order turning
 * each round) rendering letters and 6x4 postcards through renderJob(), IN_FLIGHT at a time, so
 * the machine's noise falls on both alike. Per pool and kind: pieces/s and CPU per piece of the
 * whole process tree (node, both browsers, and the print processes they started and reaped).
 */
import { availableParallelism } from 'node:os';
import { BrowserPool, createAssetFetcher, renderJob } from '../src/engines/render/index.js';
import { treeCpuMs } from './process-tree.js';
import { type BenchKind, benchJob } from './support/render-pieces.js';

const PIECES = Number(process.argv[2] ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 6);
const SETTINGS = [Number(process.env.A ?? 2), Number(process.env.B ?? 3)];
const KINDS: Array<[BenchKind, string]> = [
  ['letter', 'us_letter'],
  ['postcard', '6x4'],
];

const fetchAsset = createAssetFetcher(false);
const pools = SETTINGS.map((printsAtOnce) => new BrowserPool({ size: 3, printsAtOnce }));
let next = 0;

async function phase(pool: BrowserPool, [kind, size]: [BenchKind, string], pieces: number) {
  const cpuBefore = treeCpuMs();
  const started = performance.now();
  let taken = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (taken < pieces) {
        taken++;
        await renderJob(benchJob(kind, size, next++), { pool, fetchAsset });
      }
    }),
  );
  return {
    perSecond: pieces / ((performance.now() - started) / 1000),
    cpuMs: (treeCpuMs() - cpuBefore) / pieces,
  };
}

await Promise.all(pools.map((pool) => pool.warm()));
for (const pool of pools) for (const kind of KINDS) await phase(pool, kind, 20);
const results = new Map<string, Array<{ perSecond: number; cpuMs: number }>>();
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? [1, 0] : [0, 1];
  for (const p of order)
    for (const kind of KINDS) {
      const key = `${pools[p].printsAtOnce} at once, ${kind[0]}`;
      results.set(key, [...(results.get(key) ?? []), await phase(pools[p], kind, PIECES)]);
    }
}
await Promise.all(pools.map((pool) => pool.close()));

console.log(
  `${availableParallelism()} CPUs; pools of 3 tabs, ${IN_FLIGHT} in flight, ${ROUNDS} rounds of ${PIECES} pieces\n`,
);
console.log('| setting | pieces/s, mean (per round) | CPU ms/piece, mean |');
console.log('|---|---|---|');
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const [key, rows] of results) {
  const rates = rows.map((r) => r.perSecond);
  console.log(
    `| ${key} | ${mean(rates).toFixed(1)} (${rates.map((r) => r.toFixed(1)).join(', ')}) | ${mean(rows.map((r) => r.cpuMs)).toFixed(1)} |`,
  );
}
