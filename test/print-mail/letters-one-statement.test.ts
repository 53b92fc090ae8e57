import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ORDER_JOBS } from '../../src/api/print-mail/orders/order-jobs.js';
import { createPool, type Pool } from '../../src/db/pool.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, LETTERS, letterBody } from '../helpers/letters.js';

// A letter is written in one statement when its contacts are known or new (orders/order-create.ts).
// Here a contact the letter found new is created by another transaction before the letter's
// statement commits: the statement must give up whole and the letter be written again in a
// transaction that uses the other contact, with exactly one letter, event and render job.
let server: TestServer;
let pool: Pool;

before(async () => {
  server = await startTestServer({}, { workers: false });
  pool = createPool(server.databaseUrl, { max: 3, schema: server.schema });
});

after(async () => {
  await pool.end();
  await server.close();
});

test('a new contact created meanwhile by another request: one letter, using that contact', async () => {
  const key = await server.key({ org: 'one-statement-race' });
  const to = { ...alice, firstName: 'Racer' };
  // The stored form of `to` (its id and content hash), taken away again to be re-created below.
  const earlier = await server.request('POST', LETTERS, { key, json: letterBody({ to }) });
  assert.equal(earlier.status, 201, earlier.text);
  const made = { body: earlier.body.to };
  const [row] = (await pool.query('DELETE FROM contacts WHERE id = $1 RETURNING *', [made.body.id])).rows;

  const other = await pool.connect();
  try {
    // Another request's create of the same contact, not committed: the letter's read misses it.
    await other.query('BEGIN');
    await other.query('INSERT INTO contacts SELECT * FROM jsonb_populate_record(NULL::contacts, $1)', [row]);
    const otherPid = (await other.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const pending = server.request('POST', LETTERS, { key, json: letterBody({ to }) });
    // The letter's insert of `to` now waits for that transaction to end.
    for (let i = 0; ; i++) {
      const { rows } = await pool.query(
        'SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
        [otherPid],
      );
      if (rows.length) break;
      assert.ok(i < 200, 'the letter never waited on the uncommitted contact');
      await sleep(25);
    }
    await other.query('COMMIT');
    const letter = await pending;
    assert.equal(letter.status, 201, letter.text);
    assert.equal(letter.body.to.id, made.body.id);

    const count = async (sql: string, values: unknown[]) => Number((await pool.query(sql, values)).rows[0].n);
    assert.equal(
      await count('SELECT count(*) AS n FROM contacts WHERE content_hash = $1', [row.content_hash]),
      1,
    );
    assert.equal(await count('SELECT count(*) AS n FROM letters WHERE org_id = $1', [row.org_id]), 2);
    assert.equal(
      await count(
        "SELECT count(*) AS n FROM events WHERE type = 'letter.created' AND doc->'data'->>'id' = $1",
        [letter.body.id],
      ),
      1,
    );
    assert.equal(
      await count(
        `SELECT count(*) AS n FROM ${server.schema}_pgboss.job WHERE name = $1 AND data->>'id' = $2`,
        [ORDER_JOBS.render, letter.body.id],
      ),
      1,
    );
  } finally {
    other.release();
  }
});

test('letters from a known return address to new recipients: each writes its new contact once', async () => {
  const key = await server.key({ org: 'one-statement-known' });
  const first = await server.request('POST', LETTERS, { key, json: letterBody() });
  assert.equal(first.status, 201, first.text);
  const next = await Promise.all(
    [1, 2, 3].map((n) =>
      server.request('POST', LETTERS, { key, json: letterBody({ to: { ...alice, firstName: `New ${n}` } }) }),
    ),
  );
  for (const r of next) {
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.from.id, first.body.from.id);
  }
  const contacts = await server.request('GET', '/print-mail/v1/contacts?limit=100', { key });
  assert.equal(contacts.body.totalCount, 5);
  const ids = new Set(contacts.body.data.map((c: { id: string }) => c.id));
  for (const r of next) assert.ok(ids.has(r.body.to.id), `${r.body.to.id} was stored`);
});

test('an inline contact identical to one made with POST /contacts is that contact', async () => {
  const key = await server.key({ org: 'one-statement-same-contact' });
  const to = { ...alice, firstName: 'Posted' };
  const posted = await server.request('POST', '/print-mail/v1/contacts', { key, json: to });
  assert.equal(posted.status, 201, posted.text);
  const letter = await server.request('POST', LETTERS, { key, json: letterBody({ to }) });
  assert.equal(letter.status, 201, letter.text);
  assert.equal(letter.body.to.id, posted.body.id);
  const flagged = await server.request('POST', LETTERS, {
    key,
    json: letterBody({ to: { ...to, skipVerification: true } }),
  });
  assert.notEqual(flagged.body.to.id, posted.body.id);
});
