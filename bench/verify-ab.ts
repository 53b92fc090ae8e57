/**
 * Two engines, two databases, one process: CPU per verification of this tree's engine and of
 * another commit's, against the databases bench/verify.ts leaves behind, in 1-s slices taken
 * in turn so that the machine's load hits every side alike.
 *
 *   git archive COMMIT src | tar -x -C /tmp/engine-old && ln -s "$PWD/node_modules" /tmp/engine-old/
 *   node --import tsx bench/verify-ab.ts --old /tmp/engine-old [--sides old28k,new28k,old10m,new10m]
 *     [--only street_typo] [--rounds 5]
 *
 * `28k` is postroom_bench_verify, `10m` postroom_bench_verify_scaled (whatever scale it holds).
 * `--only`: the dev cases whose perturbations include that one ("clean" for none).
 * `--profile FILE`: a CPU profile of the measured slices only (not the warm-up), for one side.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createPool, type Pool } from '../src/db/pool.js';
import * as current from '../src/engines/address/verify/index.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { devCases } from './verify-data.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const oldTree = arg('old', '');
const only = arg('only', '');
const rounds = Number(arg('rounds', '5'));
const wanted = arg('sides', oldTree ? 'old28k,new28k,old10m,new10m' : 'new28k,new10m').split(',');
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Engine {
  verifyAddress: typeof current.verifyAddress;
  PgSource: typeof PgSource;
}

async function engine(tree: string): Promise<Engine> {
  const verify = await import(path.resolve(tree, 'src/engines/address/verify/index.js'));
  const store = await import(path.resolve(tree, 'src/reference-store/pg-source.js'));
  return { verifyAddress: verify.verifyAddress, PgSource: store.PgSource };
}

const engines: Record<string, Engine> = { new: { verifyAddress: current.verifyAddress, PgSource } };
if (oldTree) engines.old = await engine(oldTree);

const inputs = devCases()
  .filter((c) => !only || (c.perturbations.length ? c.perturbations : ['clean']).includes(only))
  .map((c) => c.input);

const pools = new Map<string, Pool>();
const sides = wanted.map((name) => {
  const which = /^(old|new)(28k|10m)$/.exec(name);
  if (!which || !engines[which[1]]) throw new Error(`unknown side ${name} (old needs --old DIR)`);
  const database = which[2] === '28k' ? 'postroom_bench_verify' : 'postroom_bench_verify_scaled';
  let pool = pools.get(database);
  if (!pool) {
    pool = createPool(adminUrl.replace(/\/[^/]*$/, `/${database}`), { max: 4 });
    pools.set(database, pool);
  }
  const { verifyAddress, PgSource: Source } = engines[which[1]];
  return { name, verifyAddress, source: new Source(pool, { maxPoints: 50_000_000 }), cpuUs: 0, n: 0 };
});

// Two warm passes each: blocks cached, indexes built, code optimized.
for (const side of sides)
  for (let pass = 0; pass < 2; pass++)
    for (const input of inputs) await side.verifyAddress(side.source, input);
const profileFile = arg('profile', '');
const session = profileFile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
for (let round = 0; round < rounds; round++)
  for (const side of sides) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    while (performance.now() - t < 1000)
      for (let k = 0; k < 50; k++) await side.verifyAddress(side.source, inputs[side.n++ % inputs.length]);
    const used = process.cpuUsage(cpu);
    side.cpuUs += used.user + used.system;
  }
if (session) writeFileSync(profileFile, JSON.stringify((await session.post('Profiler.stop')).profile));
console.log(`${inputs.length} inputs${only ? ` (${only})` : ''}, ${rounds} s per side:`);
for (const side of sides)
  console.log(`${side.name}: ${(side.cpuUs / side.n).toFixed(1)} µs CPU each (${side.n} runs)`);
for (const pool of pools.values()) await pool.end();
