import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EventDoc } from '../../src/api/print-mail/events/record-event.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { emitEvent } from '../helpers/webhook-receiver.js';

const PATH = '/print-mail/v1/events';
const ORG = 'events-org';
let server: TestServer;
let key: string;
const recorded: EventDoc[] = [];
const ids = (body: { data: { id: string }[] }) => body.data.map((e) => e.id);

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: ORG });
  const pool = server.runtime.db.pool;
  recorded.push(await emitEvent(pool, ORG, 'test', 'letter.created', { id: 'letter_a', status: 'ready' }));
  recorded.push(
    await emitEvent(pool, ORG, 'test', 'letter.updated', { id: 'letter_a', status: 'printing' }, ['status']),
  );
  recorded.push(await emitEvent(pool, ORG, 'test', 'postcard.created', { id: 'postcard_b' }));
  recorded.push(await emitEvent(pool, ORG, 'test', 'cheque.created', { id: 'cheque_c' }));
});
after(() => server.close());

describe('events', () => {
  test('list is newest first, pages with skip/limit, every event in the wire shape', async () => {
    const all = await server.request('GET', `${PATH}?limit=100`, { key });
    assert.equal(all.status, 200);
    assert.equal(all.body.object, 'list');
    assert.equal(all.body.totalCount, 4);
    assert.deepEqual(new Set(ids(all.body)), new Set(recorded.map((e) => e.id)));
    const page = await server.request('GET', `${PATH}?limit=2&skip=1`, { key });
    assert.deepEqual(ids(page.body), ids(all.body).slice(1, 3));
    const updated = all.body.data.find((e: EventDoc) => e.type === 'letter.updated');
    assert.deepEqual(updated, recorded[1]);
    assert.deepEqual(Object.keys(updated).sort(), [
      'createdAt',
      'data',
      'id',
      'live',
      'object',
      'type',
      'updatedFields',
    ]);
  });

  test('type filter: type=a,b and type[]=a&type[]=b and a single type', async () => {
    const comma = await server.request('GET', `${PATH}?type=letter.created,postcard.created`, { key });
    assert.deepEqual(new Set(ids(comma.body)), new Set([recorded[0].id, recorded[2].id]));
    assert.equal(comma.body.totalCount, 2);
    const brackets = await server.request('GET', `${PATH}?type[]=letter.created&type[]=postcard.created`, {
      key,
    });
    assert.deepEqual(new Set(ids(brackets.body)), new Set(ids(comma.body)));
    const repeated = await server.request('GET', `${PATH}?type=letter.created&type=postcard.created`, {
      key,
    });
    assert.deepEqual(new Set(ids(repeated.body)), new Set(ids(comma.body)));
    const single = await server.request('GET', `${PATH}?type=cheque.created`, { key });
    assert.deepEqual(ids(single.body), [recorded[3].id]);
    const none = await server.request('GET', `${PATH}?type=box.created`, { key });
    assert.equal(none.body.totalCount, 0);
  });

  test('an unknown type is a 400 naming type', async () => {
    const res = await server.request('GET', `${PATH}?type=letter.created,letter.exploded`, { key });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.type, 'validation_error');
    assert.match(res.body.error.message, /^type .*letter\.exploded/);
  });

  test('GET /events/{id}; 404 for unknown ids; 400 for another kind of id', async () => {
    const got = await server.request('GET', `${PATH}/${recorded[0].id}`, { key });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, recorded[0]);
    const missing = await server.request('GET', `${PATH}/event_1111111111111111111111`, { key });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.type, 'not_found_error');
    const wrong = await server.request('GET', `${PATH}/letter_123`, { key });
    assert.equal(wrong.status, 400);
  });

  test('other organizations and live mode see nothing', async () => {
    for (const other of [
      await server.key({ org: ORG, mode: 'live' }),
      await server.key({ org: 'events-other' }),
    ]) {
      const list = await server.request('GET', PATH, { key: other });
      assert.equal(list.body.totalCount, 0);
      const got = await server.request('GET', `${PATH}/${recorded[0].id}`, { key: other });
      assert.equal(got.status, 404);
    }
  });

  test('an event recorded in a transaction that rolls back does not exist', async () => {
    const { ensureOrganization } = await import('../../src/platform/auth/organizations.repo.js');
    const { recordEvent } = await import('../../src/api/print-mail/events/record-event.js');
    const { id: orgId } = await ensureOrganization(server.runtime.db.pool, ORG);
    const client = await server.runtime.db.pool.connect();
    let id = '';
    try {
      await client.query('BEGIN');
      id = (
        await recordEvent(
          client,
          { orgId, live: false },
          { type: 'letter.created', data: { id: 'letter_x' } },
          new Date(),
        )
      ).id;
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    assert.equal((await server.request('GET', `${PATH}/${id}`, { key })).status, 404);
  });
});
