/**
 * Delivery capacity alone: events are recorded while no worker runs (an API-only runtime),
 * then one worker process starts and drains them to 5 webhooks on a local receiver.
 *   node --import tsx bench/webhooks-drain.ts [events=4000]
 */
import { Worker } from 'node:worker_threads';
import pino from 'pino';
import { recordEvent } from '../src/api/print-mail/events/record-event.js';
import { withTransaction } from '../src/db/tx.js';
import { ensureOrganization } from '../src/platform/auth/organizations.repo.js';
import { startRuntime } from '../src/runtime.js';
import { startTestServer } from '../test/helpers/harness.js';

const EVENTS = Number(process.argv[2] ?? 4000);
const receiver = new Worker(new URL('./webhooks-receiver.mjs', import.meta.url));
const port: number = await new Promise((resolve) => receiver.once('message', (m) => resolve(m.port)));
const report = (): Promise<unknown[]> =>
  new Promise((resolve) => {
    receiver.once('message', (m) => resolve(m.seen));
    receiver.postMessage('report');
  });

const server = await startTestServer({ logLevel: 'warn' });
const key = await server.key({ org: 'drain' });
for (let i = 0; i < 5; i++) {
  const json = {
    url: `http://127.0.0.1:${port}/h${i}`,
    enabledEvents: ['letter.created'],
    payloadFormat: i < 3 ? 'jwt' : 'json',
  };
  await server.request('POST', '/print-mail/v1/webhooks', { key, json });
}
await server.runtime.close();
const runtime = (workers: boolean) =>
  startRuntime(server.runtime.config, {
    http: false,
    workers,
    schema: server.schema,
    logger: pino({ level: 'warn' }),
  });

const api = await runtime(false);
const scope = { orgId: (await ensureOrganization(api.db.pool, 'drain')).id, live: false };
let next = 0;
const record = async () => {
  for (let i = next++; i < EVENTS; i = next++) {
    const data = {
      id: `letter_${i}`,
      object: 'letter',
      status: 'ready',
      to: { firstName: 'Ada', addressLine1: `${i} Main St` },
    };
    await withTransaction(api.db.pool, (tx) =>
      recordEvent(tx, scope, { type: 'letter.created', data }, new Date()),
    );
  }
};
await Promise.all(Array.from({ length: 8 }, record));
await api.close();

const started = Date.now();
const worker = await runtime(true);
let delivered = 0;
while (delivered < EVENTS * 5 && Date.now() - started < 300_000) {
  await new Promise((r) => setTimeout(r, 200));
  delivered += (await report()).length;
}
const seconds = (Date.now() - started) / 1000;
console.log(
  `drained ${delivered} of ${EVENTS * 5} deliveries in ${seconds.toFixed(1)} s: ${(delivered / seconds).toFixed(0)}/s`,
);
await worker.close();
await receiver.terminate();
await server.close();
