/**
 * CPU cost per verification, warm, in process, against the database bench/verify.ts left
 * behind (postroom_bench_verify): for profiling while iterating on the engine.
 *   node --expose-gc --import tsx bench/verify-profile.ts [--seconds 5] [--scaled] [--only street_typo]
 * `--scaled`: the database with the synthetic points (postroom_bench_verify_scaled).
 * Add --cpu-prof --cpu-prof-dir=DIR to node's flags for a profile.
 */

import { createPool } from '../src/db/pool.js';
import { parseAddressDetail } from '../src/engines/address/index.js';
import { createVerifier } from '../src/engines/address/verify/index.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { devCases } from './verify-data.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const seconds = Number(arg('seconds', '5'));
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = process.argv.includes('--scaled') ? 'postroom_bench_verify_scaled' : 'postroom_bench_verify';
const pool = createPool(adminUrl.replace(/\/[^/]*$/, `/${database}`), { max: 4 });
const only = arg('only', '');
// --only clean | typo | ...: the dev cases with exactly that perturbation list (joined by +).
const inputs = devCases()
  .filter((c) => !only || (c.perturbations.join('+') || 'clean') === only)
  .map((c) => c.input);
const verifier = createVerifier(new PgSource(pool, { maxPoints: 50_000_000 }));
const options = {
  includeDetails: process.argv.includes('--details'),
  geocode: process.argv.includes('--geocode'),
};

for (const input of inputs) await verifier.verify(input, options); // warm the ZIP blocks

async function measure(label: string, fn: (input: string) => unknown) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  while (performance.now() - t < seconds * 1000) {
    for (let k = 0; k < 100; k++) {
      const r = fn(inputs[n++ % inputs.length]);
      if (r instanceof Promise) await r;
    }
  }
  const used = process.cpuUsage(cpu);
  console.log(`${label}: ${((used.user + used.system) / n).toFixed(1)} µs CPU each (${n} runs)`);
}

if (!process.argv.includes('--verify-only'))
  await measure('parse only', (input) => parseAddressDetail(input));
await measure('verify + present', (input) => verifier.verify(input, options));
await pool.end();
