import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { KnownContacts } from '../../src/api/print-mail/contacts/known-contacts.js';
import { prepareOrderContacts } from '../../src/api/print-mail/orders/order-contact.js';
import type { Queryable } from '../../src/db/pool.js';
import { createPool, type Pool } from '../../src/db/pool.js';
import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, LETTERS, letterBody } from '../helpers/letters.js';

// An order's inline contacts are guessed from what the server has seen stored, with no read
// before the create (contacts/known-contacts.ts); the create's statement checks each guess.
// A guess another process made wrong (a contact changed, deleted or created elsewhere) must
// never reach a letter: the letter is written with the contact as it is stored.
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

const contactsWithHashOf = async (id: string) =>
  Number(
    (
      await pool.query(
        'SELECT count(*) AS n FROM contacts WHERE content_hash = (SELECT content_hash FROM contacts WHERE id = $1)',
        [id],
      )
    ).rows[0].n,
  );

test('a contact changed by another process after the server saw it: the letter gets it as stored', async () => {
  const key = await server.key({ org: 'known-changed' });
  const first = await server.request('POST', LETTERS, { key, json: letterBody() });
  assert.equal(first.status, 201, first.text);
  const fromId = first.body.from.id;
  // Another process (here: SQL) changes the stored contact; this server still has the old doc.
  const changedAt = '2026-01-02T03:04:05.000Z';
  await pool.query(
    `UPDATE contacts SET doc = jsonb_set(doc, '{updatedAt}', to_jsonb($2::text)) WHERE id = $1`,
    [fromId, changedAt],
  );
  const second = await server.request('POST', LETTERS, { key, json: letterBody() });
  assert.equal(second.status, 201, second.text);
  assert.equal(second.body.from.id, fromId, 'the same contact, de-duplicated');
  assert.equal(second.body.from.updatedAt, changedAt, 'the snapshot is the stored contact, not the guess');
  assert.equal(await contactsWithHashOf(fromId), 1);
});

test('a contact deleted after the server saw it: the next letter creates it again', async () => {
  const key = await server.key({ org: 'known-deleted' });
  const first = await server.request('POST', LETTERS, { key, json: letterBody() });
  assert.equal(first.status, 201, first.text);
  const deleted = await server.request('DELETE', `/print-mail/v1/contacts/${first.body.to.id}`, { key });
  assert.equal(deleted.status, 200, deleted.text);
  const second = await server.request('POST', LETTERS, { key, json: letterBody() });
  assert.equal(second.status, 201, second.text);
  assert.notEqual(second.body.to.id, first.body.to.id);
  const stored = await server.request('GET', `/print-mail/v1/contacts/${second.body.to.id}`, { key });
  assert.equal(stored.status, 200, 'the letter points at a contact that exists');
  assert.equal(stored.body.firstName, alice.firstName);
  const gone = await server.request('GET', `/print-mail/v1/contacts/${first.body.to.id}`, { key });
  assert.equal(gone.status, 404);
});

test('a contact created through POST /contacts (not seen by orders): an inline duplicate uses it', async () => {
  const key = await server.key({ org: 'known-elsewhere' });
  const made = await server.request('POST', '/print-mail/v1/contacts', {
    key,
    json: { ...alice, lastName: 'Else' },
  });
  assert.equal(made.status, 201, made.text);
  const letter = await server.request('POST', LETTERS, {
    key,
    json: letterBody({ to: { ...alice, lastName: 'Else' } }),
  });
  assert.equal(letter.status, 201, letter.text);
  assert.equal(letter.body.to.id, made.body.id);
  assert.equal(await contactsWithHashOf(made.body.id), 1);
  const events = await server.request('GET', '/print-mail/v1/events?limit=50', { key });
  assert.equal(
    events.body.data.filter((e: any) => e.type === 'letter.created').length,
    1,
    'one letter written',
  );
});

test('inline contacts this process has seen are not read again before the create', async () => {
  const scope = { orgId: (await ensureOrganization(pool, 'known-reads')).id, live: false };
  const reads: string[] = [];
  const counting: Queryable = {
    query: ((text: any, values?: any) => {
      reads.push(typeof text === 'string' ? text : text.text);
      return pool.query(text, values);
    }) as Queryable['query'],
  };
  const ctx = {
    scope,
    orgCountryCode: 'US',
    addressing: server.runtime.deps.addressing,
    now: new Date(),
  };
  const known = new KnownContacts();
  // Without a memory the contacts are read; with one, nothing is read, whatever it holds.
  await prepareOrderContacts(counting, { to: alice, from: bob }, ctx);
  assert.equal(reads.length, 1, 'one read without a memory');
  reads.length = 0;
  const guessed = await prepareOrderContacts(counting, { to: alice, from: bob }, { ...ctx, known });
  assert.deepEqual(reads, [], 'no read with one');
  assert.ok('inline' in guessed.to && guessed.to.isNew, 'an unknown contact is guessed new');
});

test('KnownContacts: scoped by organization and mode, the least recently used goes first', () => {
  const known = new KnownContacts(2);
  const a = { orgId: 'org_a', live: false };
  const doc = (id: string) => ({ id }) as any;
  known.remember(a, 'h1', doc('c1'));
  assert.equal(known.get({ orgId: 'org_b', live: false }, 'h1'), undefined, 'another organization');
  assert.equal(known.get({ orgId: 'org_a', live: true }, 'h1'), undefined, 'the other mode');
  known.remember(a, 'h2', doc('c2'));
  assert.equal(known.get(a, 'h1')?.id, 'c1'); // h1 is now the most recently used
  known.remember(a, 'h3', doc('c3'));
  assert.equal(known.size, 2);
  assert.equal(known.get(a, 'h2'), undefined, 'h2 was the least recently used');
  assert.equal(known.get(a, 'h1')?.id, 'c1');
  known.forget(a, 'h1');
  assert.equal(known.get(a, 'h1'), undefined);
});
