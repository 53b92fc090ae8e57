import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  getMailingListDoc,
  mailingListMembers,
} from '../../src/api/print-mail/mailing-lists/mailing-list-members.repo.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import {
  createImport,
  csvOf,
  generatedRows,
  importDone,
  LISTS,
  listDone,
} from '../helpers/mailing-list-imports.js';

const CONTACTS = '/print-mail/v1/contacts';
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'lists-org' });
});
after(() => server.close());

const post = (path: string, json: unknown, k = key) => server.request('POST', path, { key: k, json });

async function newList(k = key, json: Record<string, unknown> = {}) {
  const res = await post(LISTS, json, k);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function newContacts(n: number, tag: string, k = key): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await post(
      CONTACTS,
      { firstName: `${tag}${i}`, addressLine1: `${i} Elm St`, city: 'Louisville' },
      k,
    );
    assert.equal(res.status, 201, res.text);
    ids.push(res.body.id);
  }
  return ids;
}

/** Runs a job and waits for the list to be completed again; the list as it is then. */
async function runJob(listId: string, job: Record<string, string[]>, k = key) {
  const res = await post(`${LISTS}/${listId}/jobs`, job, k);
  assert.equal(res.status, 200, res.text);
  assert.equal(
    res.body.status,
    Object.keys(job)[0].startsWith('add') ? 'creating_contacts' : 'removing_contacts',
  );
  return listDone(server, k, listId);
}

/** The scope (organization, test mode) a list of this file's server is in. */
const scopeOfList = async (s: TestServer, listId: string) => ({ orgId: await orgOf(s, listId), live: false });

const members = async (listId: string) =>
  mailingListMembers(server.runtime.db.pool, await scopeOfList(server, listId), listId, null, 10_000);

resourceContract(() => server, {
  object: 'mailing_list',
  path: LISTS,
  idPrefix: 'mailing_list',
  product: 'print-mail',
  deletion: 'removes',
  create: (_s, k) => newList(k, { description: 'contract' }),
});

describe('mailing lists: CRUD', () => {
  test('create answers the hosted shape; update by POST; null removes a field', async () => {
    const list = await newList(key, { description: 'Spring', metadata: { team: 'growth' } });
    assert.match(list.id, /^mailing_list_[1-9A-HJ-NP-Za-km-z]{22}$/);
    assert.deepEqual(
      [list.object, list.live, list.status, list.contactCount, list.description, list.metadata],
      ['mailing_list', false, 'completed', 0, 'Spring', { team: 'growth' }],
    );
    const updated = await post(`${LISTS}/${list.id}`, { description: null, metadata: { team: 'sales' } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.description, undefined);
    assert.deepEqual(updated.body.metadata, { team: 'sales' });
    const form = await server.request('POST', LISTS, {
      key,
      form: { description: 'by form', 'metadata[a]': 'b' },
    });
    assert.equal(form.status, 201, form.text);
    assert.deepEqual(form.body.metadata, { a: 'b' });
    const bad = await post(LISTS, { description: 'x'.repeat(1001) });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /^description /);
  });
});

describe('mailing lists: jobs', () => {
  test('contacts are added and removed by id; the count follows; members page in id order', async () => {
    const list = await newList();
    const ids = await newContacts(5, 'Member');
    let now = await runJob(list.id, { addContacts: ids.slice(0, 3) });
    assert.deepEqual([now.status, now.contactCount, now.errors], ['completed', 3, undefined]);
    now = await runJob(list.id, { addContacts: [ids[2], ids[3], ids[4], ids[3]] });
    assert.equal(now.contactCount, 5, 'a contact already on the list is there once');
    now = await runJob(list.id, { removeContacts: [ids[0], ids[1]] });
    assert.equal(now.contactCount, 3);
    const sorted = ids.slice(2).sort();
    assert.deepEqual(await members(list.id), sorted);
    const scope = await scopeOfList(server, list.id);
    const pool = server.runtime.db.pool;
    assert.deepEqual(await mailingListMembers(pool, scope, list.id, null, 2), sorted.slice(0, 2));
    assert.deepEqual(await mailingListMembers(pool, scope, list.id, sorted[1], 2), sorted.slice(2));
    assert.deepEqual(await mailingListMembers(pool, scope, list.id, sorted[2], 2), []);
    assert.equal((await getMailingListDoc(pool, scope, list.id))?.status, 'completed');
    const other = { orgId: 'org_1111111111111111111111', live: false };
    assert.deepEqual(
      await mailingListMembers(pool, other, list.id, null, 10),
      [],
      'another organization sees none',
    );
  });

  test('a whole import is added and removed; contacts also added by id go with it', async () => {
    const imported = await importDone(
      server,
      key,
      (await createImport(server, key, csvOf(generatedRows(4, 'Imp')))).id,
    );
    assert.equal(imported.status, 'completed');
    const [own] = await newContacts(1, 'Own');
    const list = await newList();
    let now = await runJob(list.id, { addMailingListImports: [imported.id] });
    assert.equal(now.contactCount, 4);
    now = await runJob(list.id, { addContacts: [own] });
    assert.equal(now.contactCount, 5);
    now = await runJob(list.id, { removeMailingListImports: [imported.id] });
    assert.equal(now.contactCount, 1);
    assert.deepEqual(await members(list.id), [own]);
  });

  test('a contact deleted later leaves every list it was on, and the count with it', async () => {
    const ids = await newContacts(3, 'Gone');
    const [a, b] = [await newList(), await newList()];
    await runJob(a.id, { addContacts: ids });
    await runJob(b.id, { addContacts: [ids[0]] });
    assert.equal((await server.request('DELETE', `${CONTACTS}/${ids[0]}`, { key })).status, 200);
    const [afterA, afterB] = [
      (await server.request('GET', `${LISTS}/${a.id}`, { key })).body,
      (await server.request('GET', `${LISTS}/${b.id}`, { key })).body,
    ];
    assert.deepEqual([afterA.contactCount, afterB.contactCount], [2, 0]);
    assert.deepEqual(await members(a.id), ids.slice(1).sort());
    // An import whose contact was deleted adds the ones that are left.
    const imported = await importDone(
      server,
      key,
      (await createImport(server, key, csvOf(generatedRows(2, 'Left')))).id,
    );
    const link = await server.runtime.db.pool.query(
      'SELECT contact_id FROM mailing_list_import_contacts WHERE import_id = $1 LIMIT 1',
      [imported.id],
    );
    await server.request('DELETE', `${CONTACTS}/${link.rows[0].contact_id}`, { key });
    const c = await newList();
    assert.equal((await runJob(c.id, { addMailingListImports: [imported.id] })).contactCount, 1);
  });

  test('a bad job is a 400 naming the field, and the list does not change', async () => {
    const list = await newList();
    const [mine] = await newContacts(1, 'Bad');
    const [theirs] = await newContacts(1, 'Theirs', await server.key({ org: 'lists-other' }));
    const unknownImport = 'mailing_list_import_1111111111111111111111';
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /^body must name one of addContacts, removeContacts/],
      [{ addContacts: [mine], removeContacts: [mine] }, /^addContacts and removeContacts cannot be combined/],
      [{ addContacts: [] }, /^addContacts /],
      [{ addContacts: ['letter_123'] }, /^addContacts\.0 must match pattern/],
      [{ addContacts: [mine, 'contact_1111111111111111111111'] }, /^addContacts\[1\] refers to contact/],
      // the entry as sent, repeats counted
      [
        { addContacts: [mine, mine, 'contact_1111111111111111111111'] },
        /^addContacts\[2\] refers to contact/,
      ],
      [{ addContacts: [theirs] }, /^addContacts\[0\] refers to contact/],
      [
        { addMailingListImports: [unknownImport] },
        /^addMailingListImports\[0\] refers to mailing list import/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(`${LISTS}/${list.id}/jobs`, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.body.error.message, message);
    }
    const still = (await server.request('GET', `${LISTS}/${list.id}`, { key })).body;
    assert.deepEqual([still.status, still.contactCount, still.updatedAt], ['completed', 0, list.updatedAt]);
    const elsewhere = await post(
      `${LISTS}/${list.id}/jobs`,
      { addContacts: [theirs] },
      await server.key({ org: 'lists-other' }),
    );
    assert.equal(elsewhere.status, 404);
  });
});

describe('mailing lists: one job at a time, done after a restart', () => {
  test('a list with a job running refuses another (422) and is not ready until the job is done', async () => {
    const s = await startTestServer({}, { workers: false });
    try {
      const k = await s.key({ org: 'lists-queued' });
      const send = (path: string, json: unknown) => s.request('POST', path, { key: k, json });
      const contact = await send(CONTACTS, { firstName: 'Q', addressLine1: '1 Elm St' });
      const list = (await send(LISTS, {})).body;
      const started = await send(`${LISTS}/${list.id}/jobs`, { addContacts: [contact.body.id] });
      assert.equal(started.body.status, 'creating_contacts');
      const second = await send(`${LISTS}/${list.id}/jobs`, { removeContacts: [contact.body.id] });
      assert.equal(second.status, 422);
      assert.equal(second.body.error.type, 'mailing_list_status_error');
      const scope = await scopeOfList(s, list.id);
      assert.equal((await getMailingListDoc(s.runtime.db.pool, scope, list.id))?.status, 'creating_contacts');
      assert.deepEqual(
        await getMailingListDoc(s.runtime.db.pool, { ...scope, live: true }, list.id),
        undefined,
      );
      await s.restart({ workers: true });
      const done = await listDone(s, k, list.id);
      assert.deepEqual([done.status, done.contactCount], ['completed', 1]);
    } finally {
      await s.close();
    }
  });
});

async function orgOf(s: TestServer, listId: string): Promise<string> {
  return (await s.runtime.db.pool.query('SELECT org_id FROM mailing_lists WHERE id = $1', [listId])).rows[0]
    .org_id;
}
