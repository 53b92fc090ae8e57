/**
 * A campaign from `send` to every letter rendered, over HTTP against the real server:
 *   node --import tsx bench/campaign.ts [contacts=2000]   (10000 for the figure)
 * Twice in one run, on fresh servers over one database: with shared prints (the default,
 * POSTROOM_PRINT_BATCH=12) and one by one (POSTROOM_PRINT_BATCH=1, the baseline). Each phase
 * creates the contacts and a mailing list of them, a one-page letter profile and a campaign,
 * sends it, and times send → every order created (ready) → every PDF rendered. Meanwhile a
 * client sends GET /contacts/{id} at 5/s; its latency is compared with the same requests on
 * the idle server just before. Memory is the peak of the whole process tree (node and Chromium).
 * Renders run in the server's render thread (POSTROOM_RENDERS=here) unless RENDERS=child is
 * set, which renders in the child process `postroom serve` uses by default (the memory figure
 * then counts the child and its Chromium too: they are descendants).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config/config.js';
import { createKey } from '../src/platform/auth/keys.repo.js';
import { ensureOrganization } from '../src/platform/auth/organizations.repo.js';
import { startRuntime } from '../src/runtime.js';
import { freePort } from '../test/helpers/harness.js';
import { startMemorySampler } from './process-tree.js';
import { BENCH_FROM } from './support/render-pieces.js';

const CONTACTS = Number(process.argv[2] ?? 2000);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'postroom_bench_campaign';
// Below POSTROOM_RENDER_YIELD_AT (10/s): at more, renders make way for the API one at a time
// (docs/rendering.md, *Renders make way for a busy API*) and the campaign measures that instead.
const PROBE_PER_SECOND = 5;

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB}`);
await admin.end();
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${DB}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postroom-bench-campaign-'));

interface PhaseResult {
  name: string;
  toReadySec: number;
  toRenderedSec: number;
  pagesPerSecond: number;
  peakPssMb: number;
  idleP50: number;
  idleP99: number;
  busyP50: number;
  busyP99: number;
}

async function phase(name: string, printBatch: number): Promise<PhaseResult> {
  const port = await freePort();
  const config = loadConfig(
    {},
    {
      databaseUrl,
      dataDir,
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      renders: process.env.RENDERS === 'child' ? 'child' : 'here',
      renderPrintBatch: printBatch,
      rateLimitPerSecond: 0,
      logLevel: 'warn',
    },
  );
  const runtime = await startRuntime(config, { http: true, workers: true, logger: pino({ level: 'warn' }) });
  await runtime.app!.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}/print-mail/v1`;
  const org = await ensureOrganization(runtime.db.pool, `bench-${name}`);
  const key = (await createKey(runtime.db.pool, org.id, 'test', 'print-mail', 'secret')).key;
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const until = async (p: string, done: (doc: any) => boolean) => {
    for (;;) {
      const doc = await call('GET', p);
      if (done(doc)) return doc;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  // The contacts, 16 creates at a time, and a list of them.
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < CONTACTS) {
        const i = next++;
        const contact = await call('POST', '/contacts', {
          firstName: `Reader${i}`,
          lastName: 'Example',
          addressLine1: `${100 + (i % 900)} Main St`,
          city: 'Springfield',
          provinceOrState: 'IL',
          postalOrZip: '62701',
          countryCode: 'US',
        });
        ids.push(contact.id);
      }
    }),
  );
  const list = await call('POST', '/mailing_lists', { description: name });
  for (let i = 0; i < ids.length; i += 1000)
    await call('POST', `/mailing_lists/${list.id}/jobs`, { addContacts: ids.slice(i, i + 1000) }).then(() =>
      until(`/mailing_lists/${list.id}`, (l) => l.status === 'completed'),
    );
  const template = await call('POST', '/templates', {
    html: `<html><head><style>body { font-family: 'DejaVu Serif', serif; margin: 0 } .page { padding: 3.4in 0.9in 0.8in; font-size: 11pt }</style></head>
      <body><div class="page"><p>Dear {{to.firstName}} {{to.lastName}},</p><p>{{offer}}</p>
      <p>${'We appreciate your business and look forward to serving you in the coming year. '.repeat(6)}</p></div></body></html>`,
  });
  const profile = await call('POST', '/order_profiles/letters', {
    size: 'us_letter',
    template: template.id,
    mergeVariables: { offer: 'Spring savings on every refill.' },
  });
  const from = await call('POST', '/contacts', BENCH_FROM);
  const campaign = await call('POST', '/campaigns', {
    mailingList: list.id,
    letterProfile: profile.id,
    defaultSenderContact: from.id,
  });
  await until(`/campaigns/${campaign.id}`, (c) => c.status === 'draft');

  // Other requests' latency, idle and then while the campaign runs.
  const probe = (seconds: number | (() => boolean)) => probeLatency(base, key, ids, seconds);
  const idle = await probe(5);
  const memory = startMemorySampler();
  const started = performance.now();
  let readyAt = 0;
  let renderedAt = 0;
  const busy = probe(() => renderedAt > 0);
  await call('POST', `/campaigns/${campaign.id}/send`, {});
  const counted = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    if (!readyAt && (await call('GET', `/campaigns/${campaign.id}`)).status === 'ready')
      readyAt = performance.now();
    const rendered = await counted.query(
      `SELECT count(*)::int AS n FROM letters l JOIN campaign_orders c ON c.order_id = l.id
        WHERE c.campaign_id = $1 AND l.pdf_key IS NOT NULL`,
      [campaign.id],
    );
    if (rendered.rows[0].n >= CONTACTS) {
      renderedAt = performance.now();
      break;
    }
  }
  const busyLatency = await busy;
  const peak = memory.stop();
  await counted.end();
  await runtime.close();
  const toRenderedSec = (renderedAt - started) / 1000;
  return {
    name,
    toReadySec: (readyAt - started) / 1000,
    toRenderedSec,
    pagesPerSecond: CONTACTS / toRenderedSec,
    peakPssMb: peak.pssMb,
    idleP50: idle.p50,
    idleP99: idle.p99,
    busyP50: busyLatency.p50,
    busyP99: busyLatency.p99,
  };
}

/** GET /contacts/{id} at PROBE_PER_SECOND, for `seconds` or until `stop()`; latency quantiles in ms. */
async function probeLatency(base: string, key: string, ids: string[], until: number | (() => boolean)) {
  const latencies: number[] = [];
  const end = typeof until === 'number' ? performance.now() + until * 1000 : 0;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; typeof until === 'number' ? performance.now() < end : !until(); i++) {
    inFlight.push(
      (async () => {
        const t = performance.now();
        const res = await fetch(`${base}/contacts/${ids[i % ids.length]}`, { headers: { 'x-api-key': key } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      })(),
    );
    await new Promise((r) => setTimeout(r, 1000 / PROBE_PER_SECOND));
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]);
  return { p50: q(0.5), p99: q(0.99) };
}

const results = [await phase('one-by-one', 1), await phase('shared', 12)];
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GB; load ${os.loadavg()[0].toFixed(1)}`,
);
console.log(`${CONTACTS} one-page letters per campaign\n`);
console.log(
  '| prints | send → ready s | send → all rendered s | pages/s | peak PSS MB | GET p50 / p99 ms idle | while sending |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.name} | ${r.toReadySec.toFixed(1)} | ${r.toRenderedSec.toFixed(1)} | ${r.pagesPerSecond.toFixed(1)} | ${r.peakPssMb} | ${r.idleP50} / ${r.idleP99} | ${r.busyP50} / ${r.busyP99} |`,
  );
console.log(`\nshared / one by one: ${(results[1].pagesPerSecond / results[0].pagesPerSecond).toFixed(2)}×`);
