import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../helpers/free-port.js';
import { alice } from '../helpers/letters.js';
import {
  type Answer,
  call,
  eventually,
  type PostroomProcess,
  startPostroom,
  type ThrowawayDatabase,
  throwawayDatabase,
} from '../helpers/postroom-process.js';
import { type StoppablePostgres, startStoppablePostgres } from '../helpers/stoppable-postgres.js';

// PostgreSQL goes away under a running `postroom serve` (an immediate shutdown of its
// postmaster, by PID: no checkpoint, recovery from the WAL at the next start, as after a crash)
// and comes back on the same port. Meanwhile requests get 503 with Retry-After and /readyz says
// so; afterwards the same process serves again, its jobs run, and nothing is half-written.
let cluster: StoppablePostgres;
let db: ThrowawayDatabase;
let serve: PostroomProcess;
let base: string;
before(async () => {
  cluster = await startStoppablePostgres();
  db = await throwawayDatabase(cluster.url);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  serve = await startPostroom('serve', {
    DATABASE_URL: db.url,
    POSTROOM_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'postroom-outage-data-')),
    PORT: String(port),
    POSTROOM_PUBLIC_URL: base,
    POSTROOM_RATE_LIMIT: '0',
    // A render whose completion the outage cut off runs again after this (production: 180 s).
    POSTROOM_RENDER_JOB_EXPIRE: '15',
    POSTROOM_JOB_MAINTENANCE_INTERVAL: '3',
    POSTROOM_RENDER_YIELD_AT: '0',
  });
});
after(async () => {
  // A server that died under the outage says why.
  if (serve && serve.child.exitCode !== null) console.log(serve.output().slice(-8000));
  await serve?.stop();
  await db?.drop().catch(() => {});
  await cluster?.destroy();
});

const isUnavailable = (res: Answer) =>
  res.status === 503 &&
  res.body?.error?.type === 'service_unavailable_error' &&
  /^\d+$/.test(res.headers.get('retry-after') ?? '');

test('PostgreSQL stopped and started again: 503 with Retry-After meanwhile, recovery by itself, nothing half-written', {
  timeout: 5 * 60_000,
}, async () => {
  const key = await db.key({ org: 'outage' });
  const contact = await call(base, 'POST', '/print-mail/v1/contacts', { key, json: alice });
  assert.equal(contact.status, 201, JSON.stringify(contact.body));
  const letterOf = (i: number) => ({
    to: contact.body.id,
    from: contact.body.id,
    html: `<p>Letter ${i}</p>`,
  });

  // Steady traffic through the outage: contact and letter creates, each with its own Idempotency-Key.
  type Sent = { kind: 'contacts' | 'letters'; idem: string; json: unknown; res?: Answer; error?: string };
  const sent: Sent[] = [];
  let sending = true;
  const traffic = (async () => {
    for (let i = 0; sending; i++) {
      const batch: Sent[] = [
        { kind: 'contacts', idem: `c-${i}`, json: { ...alice, firstName: `Outage ${i}` } },
        { kind: 'letters', idem: `l-${i}`, json: letterOf(i) },
      ];
      await Promise.all(
        batch.map(async (s) => {
          sent.push(s);
          try {
            s.res = await call(base, 'POST', `/print-mail/v1/${s.kind}`, {
              key,
              json: s.json,
              headers: { 'idempotency-key': s.idem },
            });
          } catch (err) {
            s.error = String(err);
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const created = () => sent.filter((s) => s.res?.status === 201).length;
  await eventually('creates before the outage', async () => created() >= 6);

  await cluster.stop('SIGQUIT');
  const gone = sent.length;
  const ready = await call(base, 'GET', '/readyz');
  assert.equal(ready.status, 503, JSON.stringify(ready.body));
  assert.equal(ready.body.status, 'unavailable');
  assert.equal((await call(base, 'GET', '/healthz')).status, 200, 'the process itself answers');
  for (const [method, p] of [
    ['GET', '/print-mail/v1/contacts'],
    ['GET', `/print-mail/v1/contacts/${contact.body.id}`],
    ['POST', '/print-mail/v1/contacts'],
  ] as const) {
    const res = await call(base, method, p, { key, json: method === 'POST' ? alice : undefined });
    assert.ok(isUnavailable(res), `${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  await eventually('requests refused during the outage', async () => sent.length >= gone + 6);

  await cluster.start();
  await eventually('/readyz ok again', async () => (await call(base, 'GET', '/readyz')).status === 200);
  const back = created();
  await eventually('creates after the outage', async () => created() >= back + 6);
  sending = false;
  await traffic;
  assert.equal(serve.child.exitCode, null, 'the server kept running');

  // Every answer was a success or a clean 503; none was a 500 or a dropped connection.
  for (const s of sent) {
    assert.equal(s.error, undefined, `${s.kind} ${s.idem}: ${s.error}`);
    assert.ok(
      s.res!.status === 201 || isUnavailable(s.res!),
      `${s.kind} ${s.idem}: ${JSON.stringify(s.res)}`,
    );
  }
  const refused = sent.filter((s) => s.res!.status === 503);
  assert.ok(refused.length > 0, 'some creates met the outage');

  // Nothing half-written: each refused create, sent again with its key, is made now (its key
  // was not left claimed), exactly once; every 201 is there; the counts add up.
  for (const s of refused) {
    const again = await call(base, 'POST', `/print-mail/v1/${s.kind}`, {
      key,
      json: s.json,
      headers: { 'idempotency-key': s.idem },
    });
    assert.equal(again.status, 201, `${s.kind} ${s.idem}: ${JSON.stringify(again.body)}`);
    s.res = again;
  }
  for (const kind of ['contacts', 'letters'] as const) {
    const ids = new Set(sent.filter((s) => s.kind === kind).map((s) => s.res!.body.id));
    assert.equal(ids.size, sent.filter((s) => s.kind === kind).length, `${kind}: one record per create`);
    const list = await call(base, 'GET', `/print-mail/v1/${kind}?limit=1`, { key });
    assert.equal(list.body.totalCount, ids.size + (kind === 'contacts' ? 1 : 0), kind);
  }
  // The job workers came back too: every letter renders, with one created event each.
  const letters = sent.filter((s) => s.kind === 'letters').map((s) => s.res!.body.id as string);
  for (const id of letters) {
    const letter = await eventually(
      `${id} rendered or cancelled`,
      async () => {
        const body = (await call(base, 'GET', `/print-mail/v1/letters/${id}`, { key })).body;
        return body.url || body.status === 'cancelled' ? body : undefined;
      },
      150_000,
    );
    assert.ok(letter.url, `${id}: ${JSON.stringify(letter)}\n${serve.output().slice(-3000)}`);
  }
  const events = (await call(base, 'GET', '/print-mail/v1/events?limit=1000', { key })).body.data;
  for (const id of letters)
    assert.equal(events.filter((e: any) => e.type === 'letter.created' && e.data.id === id).length, 1, id);
});
