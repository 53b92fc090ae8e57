/**
 * What an idle runtime costs, with job workers and without (the baseline, same run, same
 * database): Node's CPU, its PostgreSQL backends' CPU and the transactions it makes per second.
 *   node --import tsx bench/idle-server.ts [--seconds 20] [--rounds 3]
 * The workers' share is what the queue watch (src/jobs/queue-watch.ts) keeps down: before it,
 * each of the ~22 pg-boss workers polled its own queue every 0.5-2 s.
 */

import pg from 'pg';
import pino from 'pino';
import { startRuntime } from '../src/runtime.js';
import { startTestServer } from '../test/helpers/harness.js';
import { BackendCpu } from './support/backend-cpu.js';
import { arg } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';

const SECONDS = Number(arg('seconds', '20'));
const ROUNDS = Number(arg('rounds', '3'));
const SETTLE_MS = 3000;

const server = await startTestServer({ logLevel: 'warn' });
await server.runtime.close();
const admin = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
const transactions = async () =>
  Number(
    (
      await admin.query(
        'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
      )
    ).rows[0].n,
  );

async function idle(workers: boolean) {
  const runtime = await startRuntime(server.runtime.config, {
    http: true,
    workers,
    schema: server.schema,
    logger: pino({ level: 'warn' }),
  });
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const cpu = new BackendCpu(admin);
  await cpu.start();
  const [node0, tx0] = [process.cpuUsage(), await transactions()];
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const node = process.cpuUsage(node0);
  // Statistics reach pg_stat_database when a backend reports them (at most every second).
  await new Promise((r) => setTimeout(r, 1100));
  const tx = (await transactions()) - tx0;
  const backends = (await cpu.stop()).filter(([who]) => who.startsWith('postroom'));
  await runtime.close();
  return {
    nodeMsPerS: (node.user + node.system) / 1000 / SECONDS,
    pgMsPerS: backends.reduce((s, [, ms]) => s + ms, 0) / SECONDS,
    txPerS: tx / (SECONDS + 1.1),
  };
}

console.log(`${machine()}; ${SECONDS} s idle per run, after ${SETTLE_MS / 1000} s to settle\n`);
console.log('| runtime | Node CPU ms/s | PostgreSQL CPU ms/s | transactions/s |');
console.log('|---|---|---|---|');
for (let round = 0; round < ROUNDS; round++)
  for (const workers of [false, true]) {
    const r = await idle(workers);
    console.log(
      `| ${workers ? 'API + job workers' : 'API only (baseline)'} | ${r.nodeMsPerS.toFixed(1)} | ${r.pgMsPerS.toFixed(1)} | ${r.txPerS.toFixed(1)} |`,
    );
  }
await admin.end();
await server.close();
