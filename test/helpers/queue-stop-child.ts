/**
 * Run by test/jobs/queue-stop.test.ts in a process of its own: a job queue on 2 connections whose
 * workers' next fetches wait for a connection (both busy) when it stops. It then has nothing
 * left to do, so the process should end by itself; it prints what it still holds after the stop.
 */
import { randomBytes } from 'node:crypto';
import { startQueue } from '../../src/jobs/queue.js';
import { testDatabaseUrl } from './test-database.js';

const schema = `t_${randomBytes(5).toString('hex')}`;
const boss = await startQueue(
  await testDatabaseUrl(),
  schema,
  (err) => console.error(err),
  120,
  'postroom-test',
  2,
);
const queues = ['a', 'b', 'c', 'd'];
for (const name of queues) {
  await boss.createQueue(name);
  await boss.work(name, { pollingIntervalSeconds: 0.5 }, async () => {});
}
const db = boss.getDb();
// Both connections busy for 2 s: within a second every worker's next fetch waits for one.
const busy = [db.executeSql('SELECT pg_sleep(2)', []), db.executeSql('SELECT pg_sleep(2)', [])];
await new Promise((resolve) => setTimeout(resolve, 1000));
await boss.stop({ graceful: true, wait: true, timeout: 1000 });
await Promise.all(busy);
// The schema goes on a connection of its own (the queue's pool is closed).
const pg = (await import('pg')).default;
const client = new pg.Client({ connectionString: await testDatabaseUrl() });
await client.connect();
await client.query(`DROP SCHEMA ${schema}_pgboss CASCADE`);
await client.end();
console.log(`stopped, holding ${JSON.stringify(process.getActiveResourcesInfo())}`);
