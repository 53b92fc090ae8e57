/**
 * Webhook fan-out: events recorded as order code records them (recordEvent in a transaction,
 * a few at once, paced), each delivered to 5 webhooks on a local receiver.
 *   node --import tsx bench/webhooks.ts [events=10000] [eventsPerSecond=400] [transactionsAtOnce=8]
 * Latency is from the event's timestamp (taken just before its transaction) to its arrival
 * at the receiver. Lost = (event, webhook) pairs never received; duplicated = extra arrivals.
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { recordEvent } from '../src/api/print-mail/events/record-event.js';
import { withTransaction } from '../src/db/tx.js';
import { ensureOrganization } from '../src/platform/auth/organizations.repo.js';
import { startTestServer } from '../test/helpers/harness.js';

const EVENTS = Number(process.argv[2] ?? 10_000);
const RATE = Number(process.argv[3] ?? 400);
const WEBHOOKS = 5;
const IN_FLIGHT = Number(process.argv[4] ?? 8);
const ORG = 'bench-webhooks';

const receiver = new Worker(new URL('./webhooks-receiver.mjs', import.meta.url));
const port: number = await new Promise((resolve) => receiver.once('message', (m) => resolve(m.port)));
const report = (): Promise<[string, string, number][]> =>
  new Promise((resolve) => {
    receiver.once('message', (m) => resolve(m.seen));
    receiver.postMessage('report');
  });

const server = await startTestServer({ logLevel: 'warn' });
const key = await server.key({ org: ORG });
for (let i = 0; i < WEBHOOKS; i++) {
  const json = {
    url: `http://127.0.0.1:${port}/hook${i}`,
    enabledEvents: ['letter.created', 'letter.updated'],
    payloadFormat: i < 3 ? 'jwt' : 'json',
  };
  if ((await server.request('POST', '/print-mail/v1/webhooks', { key, json })).status !== 201)
    throw new Error('webhook create failed');
}

const snapshot = (i: number) => ({
  id: `letter_bench${i}`,
  object: 'letter',
  live: false,
  status: 'ready',
  mailingClass: 'first_class',
  to: {
    firstName: 'Ada',
    lastName: `Example${i}`,
    addressLine1: `${100 + (i % 900)} Main St`,
    city: 'Springfield',
    provinceOrState: 'IL',
    postalOrZip: '62701',
    countryCode: 'US',
  },
  from: {
    companyName: 'Postroom Bench Co',
    addressLine1: '1 Bench Rd',
    city: 'Austin',
    provinceOrState: 'TX',
    postalOrZip: '73301',
    countryCode: 'US',
  },
  sendDate: new Date().toISOString(),
  metadata: { batch: 'bench', n: i },
});

const pool = server.runtime.db.pool;
const scope = { orgId: (await ensureOrganization(pool, ORG)).id, live: false };
const createdAt = new Map<string, number>();
const started = Date.now();
let next = 0;
async function producer() {
  while (next < EVENTS) {
    const i = next++;
    const due = started + (i * 1000) / RATE;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    const type = i % 4 === 0 ? 'letter.created' : 'letter.updated';
    const event = await withTransaction(pool, (tx) =>
      recordEvent(tx, scope, { type, data: snapshot(i) }, new Date()),
    );
    createdAt.set(event.id, Date.parse(event.createdAt));
  }
}
await Promise.all(Array.from({ length: IN_FLIGHT }, producer));
const produced = (Date.now() - started) / 1000;

const seen: [string, string, number][] = [];
const expected = EVENTS * WEBHOOKS;
for (let idle = 0; seen.length < expected && idle < 20; ) {
  await new Promise((r) => setTimeout(r, 500));
  const batch = await report();
  seen.push(...batch);
  idle = batch.length ? 0 : idle + 1;
}
const finished = Math.max(...seen.map((s) => s[2]));
const unique = new Set(seen.map(([path, id]) => `${path} ${id}`));
const latencies = seen.map(([, id, at]) => at - (createdAt.get(id) ?? at)).sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];

console.log(`machine: ${cpus().length} x ${cpus()[0].model}, node ${process.version}`);
console.log(
  `events: ${EVENTS} at ${RATE}/s target (${(EVENTS / produced).toFixed(0)}/s achieved), webhooks: ${WEBHOOKS} (3 jwt, 2 json)`,
);
console.log(
  `deliveries: ${seen.length} of ${expected}; lost ${expected - unique.size}; duplicated ${seen.length - unique.size}`,
);
console.log(
  `event -> delivery: p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)} ms`,
);
console.log(
  `throughput: ${(seen.length / ((finished - started) / 1000)).toFixed(0)} deliveries/s over the run`,
);

await receiver.terminate();
await server.close();
