import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { advanceCampaigns } from '../../src/api/print-mail/campaigns/campaign-progress.js';
import { failSend, sendCampaign } from '../../src/api/print-mail/campaigns/campaign-send.js';
import { failListJob } from '../../src/api/print-mail/mailing-lists/mailing-list-job.js';
import { orderCreateContext } from '../../src/api/print-mail/orders/order-service.js';
import { resourceContract } from '../helpers/contract-suite.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { alice, bob, fetchPdf, LETTERS, pdfText, waitForLetter } from '../helpers/letters.js';
import { availableEnvelope } from '../helpers/return-envelopes.js';

const V1 = '/print-mail/v1';
const PATH = `${V1}/campaigns`;
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'campaigns-org' });
});
after(() => server.close());

const post = (path: string, json: unknown, k = key) => server.request('POST', path, { key: k, json });
const get = (path: string, k = key) => server.request('GET', path, { key: k });

async function created(res: { status: number; body: any; text: string }) {
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** Polls until `done` holds for the resource at `path`. */
async function waitFor(path: string, done: (doc: any) => boolean, k = key, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(path, k);
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`${path} not done in time: ${res.text}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A completed mailing list of `n` new contacts (first names Reader1…), and their ids. */
async function mailingList(n: number, k = key) {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++)
    ids.push((await created(await post(`${V1}/contacts`, { ...alice, firstName: `Reader${i}` }, k))).id);
  const list = await created(await post(`${V1}/mailing_lists`, { description: 'spring' }, k));
  if (ids.length) {
    const job = await post(`${V1}/mailing_lists/${list.id}/jobs`, { addContacts: ids }, k);
    assert.ok(job.status < 300, job.text);
  }
  await waitFor(`${V1}/mailing_lists/${list.id}`, (l) => l.status === 'completed', k);
  return { list: list.id as string, contacts: ids };
}

async function letterProfile(k = key, html = '<p>Hello {{to.firstName}}, {{offer}}</p>') {
  const template = await created(await post(`${V1}/templates`, { html }, k));
  return (
    await created(
      await post(
        `${V1}/order_profiles/letters`,
        { size: 'us_letter', template: template.id, mergeVariables: { offer: 'ten percent off' } },
        k,
      ),
    )
  ).id as string;
}

async function sender(k = key) {
  return (await created(await post(`${V1}/contacts`, bob, k))).id as string;
}

async function draftCampaign(n: number, k = key) {
  const { list, contacts } = await mailingList(n, k);
  const campaign = await created(
    await post(
      PATH,
      { mailingList: list, letterProfile: await letterProfile(k), defaultSenderContact: await sender(k) },
      k,
    ),
  );
  const draft = await waitFor(`${PATH}/${campaign.id}`, (c) => c.status !== 'drafting', k);
  assert.equal(draft.status, 'draft', JSON.stringify(draft.errors));
  return { campaign: draft, list, contacts };
}

resourceContract(() => server, {
  object: 'campaign',
  path: PATH,
  idPrefix: 'campaign',
  product: 'print-mail',
  deletion: 'removes',
  async create(s, k) {
    const { list } = await mailingList(0, k);
    const res = await s.request('POST', PATH, { key: k, json: { mailingList: list } });
    assert.equal(res.status, 201, res.text);
    return res.body;
  },
});

describe('campaigns', () => {
  test('a list and a profile go out as one rendered letter per contact, with events, counts and a report', async () => {
    const { campaign, contacts } = await draftCampaign(3);
    assert.equal(campaign.object, 'campaign');
    assert.equal(campaign.createdCount, 0);
    // The draft's preview: the first contact's letter, rendered, and no order made for it.
    const preview = await pdfText(await fetchPdf(campaign.orderPreviewURL));
    assert.match(preview, /Hello Reader\d, ten percent off/);
    assert.equal(
      (await get(`${LETTERS}?limit=100`)).body.data.filter((l: any) => contacts.includes(l.to.id)).length,
      0,
    );

    const sent = await post(`${PATH}/${campaign.id}/send`, {});
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.body.status, 'creating_orders');
    const ready = await waitFor(`${PATH}/${campaign.id}`, (c) => c.status === 'ready');
    assert.equal(ready.createdCount, 3);

    // The report: every contact with its order.
    const report = await (await fetch(ready.reportURL)).text();
    const rows = report.trim().split('\n');
    assert.equal(rows[0], 'contactID,orderID,error');
    const orders = new Map(rows.slice(1).map((r) => [r.split(',')[0], r.split(',')[1]] as const));
    assert.deepEqual([...orders.keys()].sort(), [...contacts].sort());
    for (const [contact, order, error] of rows.slice(1).map((r) => r.split(','))) {
      assert.equal(error, '');
      const letter = await waitForLetter(server, key, order);
      assert.equal(letter.to.id, contact);
      assert.ok(letter.url, 'rendered');
      assert.equal(letter.mergeVariables.offer, 'ten percent off');
    }

    const events = await get('/print-mail/v1/events?limit=50');
    const mine = events.body.data
      .filter((e: any) => e.data.id === campaign.id)
      .map((e: any) => `${e.type}:${e.data.status}`);
    assert.ok(mine.includes('campaign.created:drafting'), mine.join(' '));
    assert.ok(mine.includes('campaign.updated:draft'));
    assert.ok(mine.includes('campaign.updated:creating_orders'));
    assert.ok(mine.includes('campaign.updated:ready'));

    // The campaign follows its orders: printing once one prints, processed once all are.
    const progress = { now: () => new Date(), signer: server.runtime.deps.signer };
    const [first, ...others] = [...orders.values()];
    assert.equal((await post(`${LETTERS}/${first}/progressions`, {})).status, 200);
    await advanceCampaigns(server.runtime.db.pool, progress);
    assert.equal((await get(`${PATH}/${campaign.id}`)).body.status, 'printing');
    for (const id of others) await post(`${LETTERS}/${id}/progressions`, {});
    for (const id of orders.values()) await post(`${LETTERS}/${id}/progressions`, {});
    await advanceCampaigns(server.runtime.db.pool, progress);
    assert.equal((await get(`${PATH}/${campaign.id}`)).body.status, 'processed_for_delivery');

    // Sent once: a second send is refused and makes nothing.
    const again = await post(`${PATH}/${campaign.id}/send`, {});
    assert.equal(again.status, 422, again.text);
    const letters = await get(`${LETTERS}?limit=100`);
    assert.equal(letters.body.data.filter((l: any) => orders.get(l.to.id) === l.id).length, 3);
  });

  // The tests that run a send or a list job by hand: one server without job workers, each
  // test in an organization of its own.
  describe('sent by hand, on a server without job workers', () => {
    let quiet: TestServer;
    before(async () => {
      quiet = await startTestServer({}, { workers: false });
    });
    after(() => quiet.close());

    test('a send resumed after a crash makes each contact’s order exactly once', async () => {
      // No job workers: the send the API queues is run here by hand, one contact per page.
      const k = await quiet.key({ org: 'campaigns-crash-org' });
      const { campaign, contacts } = await draftWithoutWorkers(quiet, k, 3);
      const { db, scope, ctx } = await sentHalfByHand(quiet, k, campaign.id);
      const half = (await quiet.request('GET', `${PATH}/${campaign.id}`, { key: k })).body;
      assert.equal(half.status, 'creating_orders');
      assert.equal(half.createdCount, 1);
      // Half sent, it can be neither deleted nor changed.
      const del = await quiet.request('DELETE', `${PATH}/${campaign.id}`, { key: k });
      assert.equal(del.status, 422, del.text);
      const change = await quiet.request('POST', `${PATH}/${campaign.id}`, {
        key: k,
        json: { description: 'x' },
      });
      assert.equal(change.status, 422, change.text);
      // Nor can its list change or go while the campaign reads it.
      for (const [method, path, json] of [
        ['DELETE', `${V1}/mailing_lists/${campaign.mailingList}`, undefined],
        ['POST', `${V1}/mailing_lists/${campaign.mailingList}/jobs`, { removeContacts: [contacts[0]] }],
      ] as const) {
        const refused = await quiet.request(method, path, { key: k, ...(json ? { json } : {}) });
        assert.equal(refused.status, 422, refused.text);
        assert.match(
          refused.body.error.message,
          new RegExp(`while campaign ${campaign.id} is creating its orders`),
        );
      }
      // The rest goes on after midnight in New York: the campaign's send date has passed by
      // then, and its orders go at once rather than being refused as dated in the past.
      const tomorrow = () => ({ ...ctx(), now: new Date(Date.now() + 26 * 3600_000) });
      await sendCampaign(db.pool, scope, campaign.id, tomorrow, 1);
      const done = (await quiet.request('GET', `${PATH}/${campaign.id}`, { key: k })).body;
      assert.equal(done.status, 'ready');
      assert.equal(done.createdCount, 3);
      const rows = await db.pool.query(
        'SELECT contact_id, order_id FROM campaign_orders WHERE campaign_id = $1',
        [campaign.id],
      );
      assert.deepEqual(rows.rows.map((r) => r.contact_id).sort(), [...contacts].sort());
      assert.equal(new Set(rows.rows.map((r) => r.order_id)).size, 3);
      const letters = await quiet.request('GET', `${LETTERS}?limit=100`, { key: k });
      assert.equal(letters.body.totalCount, 3, 'no order made twice');
    });

    test('a campaign is sent only from a list that is there and not being changed', async () => {
      const k = await quiet.key({ org: 'campaigns-list-state-org' });
      const send = (id: string) => quiet.request('POST', `${PATH}/${id}/send`, { key: k, json: {} });
      const changing = await draftWithoutWorkers(quiet, k, 2);
      const job = await quiet.request('POST', `${V1}/mailing_lists/${changing.campaign.mailingList}/jobs`, {
        key: k,
        json: { removeContacts: [changing.contacts[0]] },
      });
      assert.ok(job.status < 300, job.text); // no workers: the list stays removing_contacts
      const whileChanging = await send(changing.campaign.id);
      assert.equal(whileChanging.status, 422, whileChanging.text);
      assert.equal(whileChanging.body.error.type, 'mailing_list_status_error');
      const gone = await draftWithoutWorkers(quiet, k, 2);
      const del = await quiet.request('DELETE', `${V1}/mailing_lists/${gone.campaign.mailingList}`, {
        key: k,
      });
      assert.equal(del.status, 200, del.text);
      const withoutList = await send(gone.campaign.id);
      assert.equal(withoutList.status, 400, withoutList.text);
      assert.match(withoutList.body.error.message, /^mailingList refers to mailing list .* no longer exists/);
      for (const { campaign } of [changing, gone])
        assert.equal((await quiet.request('GET', `${PATH}/${campaign.id}`, { key: k })).body.status, 'draft');
    });

    test('a send or a list job that failed on every retry ends, saying so, instead of running forever', async () => {
      const k = await quiet.key({ org: 'campaigns-dead-letter-org' });
      const { campaign, contacts } = await draftWithoutWorkers(quiet, k, 3);
      const { db, scope, ctx } = await sentHalfByHand(quiet, k, campaign.id);
      await failSend(db.pool, scope, campaign.id, ctx());
      const ended = (await quiet.request('GET', `${PATH}/${campaign.id}`, { key: k })).body;
      assert.equal(ended.status, 'ready');
      assert.equal(ended.createdCount, 1);
      assert.equal(ended.errors[0].type, 'internal_error');
      assert.match(ended.errors[0].message, /after several attempts, with 1 made/);
      assert.ok(ended.reportURL, 'the report lists what was made');

      const listPath = `${V1}/mailing_lists/${campaign.mailingList}`;
      const job = await quiet.request('POST', `${listPath}/jobs`, {
        key: k,
        json: { removeContacts: contacts },
      });
      assert.ok(job.status < 300, job.text);
      const row = await db.pool.query('SELECT running_job FROM mailing_lists WHERE id = $1', [
        campaign.mailingList,
      ]);
      const data = {
        listId: campaign.mailingList,
        ...scope,
        token: row.rows[0].running_job,
        op: 'removeContacts' as const,
        ids: contacts,
      };
      await failListJob(db.pool, data, new Date());
      const list = (await quiet.request('GET', listPath, { key: k })).body;
      assert.equal(list.status, 'completed');
      assert.equal(list.contactCount, 3, 'nothing of the failed job applied');
      assert.equal(list.errors[0].type, 'internal_service_error');
    });

    test('a page is written at once; a contact refused, or whose envelope claim fails, is recorded and skipped', async () => {
      // No job workers: the send is run here by hand, one page for all.
      const k = await quiet.key({ org: 'campaigns-page-org' });
      const send = (path: string, json: unknown) => quiet.request('POST', path, { key: k, json });
      const contact = async (firstName: string, metadata?: Record<string, string>) =>
        (
          await created(
            await send(`${V1}/contacts`, { ...alice, firstName, ...(metadata ? { metadata } : {}) }),
          )
        ).id as string;
      const friends = [
        await contact('Ann', { code: 'A' }),
        await contact('Bo', { code: 'B' }),
        await contact('Cy', { code: 'C' }),
      ];
      const stranger = await contact('Di');
      const template = await created(
        await send(`${V1}/templates`, { html: '<p>Hi {{to.firstName}}, {{to.metadata.code}}</p>' }),
      );
      const envelope = await availableEnvelope(quiet, k, bob);
      const { deps, db } = quiet.runtime;
      // Of the 5,000 filled, as if all but two were used already.
      await db.pool.query(`UPDATE return_envelopes SET doc = doc || '{"available": 2}' WHERE id = $1`, [
        envelope.id,
      ]);
      const ctx = (scope: { orgId: string; live: boolean }) => () => ({
        scope,
        orgCountryCode: 'US',
        addressing: deps.addressing,
        now: new Date(),
        blobs: deps.blobs,
        boss: deps.boss,
        signer: deps.signer,
        allowPrivate: true,
      });
      const from = await created(await send(`${V1}/contacts`, bob));
      /** A campaign of these contacts and a letter profile with `extra`, sent by hand; its report rows. */
      const sent = async (contacts: string[], extra: Record<string, unknown>) => {
        const list = await created(await send(`${V1}/mailing_lists`, {}));
        await addMembersDirectly(quiet, list.id, contacts);
        const profile = await created(
          await send(`${V1}/order_profiles/letters`, { size: 'us_letter', template: template.id, ...extra }),
        );
        const campaign = await created(
          await send(PATH, {
            mailingList: list.id,
            letterProfile: profile.id,
            defaultSenderContact: from.id,
          }),
        );
        await db.pool.query(`UPDATE campaigns SET doc = doc || '{"status": "draft"}' WHERE id = $1`, [
          campaign.id,
        ]);
        assert.equal((await send(`${PATH}/${campaign.id}/send`, {})).status, 200);
        const org = await db.pool.query('SELECT org_id FROM campaigns WHERE id = $1', [campaign.id]);
        const scope = { orgId: org.rows[0].org_id as string, live: false };
        await sendCampaign(db.pool, scope, campaign.id, ctx(scope));
        const done = (await quiet.request('GET', `${PATH}/${campaign.id}`, { key: k })).body;
        assert.equal(done.status, 'ready');
        const rows = (await (await fetch(done.reportURL)).text()).trim().split('\n').slice(1);
        return { done, rows: new Map(rows.map((r) => [r.split(',')[0], r.split(',').slice(1).join(',')])) };
      };

      const plain = await sent([...friends, stranger], {});
      assert.equal(plain.done.createdCount, 3);
      assert.match(plain.rows.get(stranger) ?? '', /^,.*"to\.metadata\.code"/);
      for (const id of friends) {
        const orderId = plain.rows.get(id)?.split(',')[0] ?? '';
        const letter = (await quiet.request('GET', `${LETTERS}/${orderId}`, { key: k })).body;
        assert.deepEqual([letter.to.id, letter.from.id, letter.status], [id, from.id, 'ready']);
      }
      const events = await db.pool.query(
        "SELECT count(*)::int AS n FROM events WHERE type = 'letter.created' AND doc -> 'data' ->> 'id' = ANY($1)",
        [friends.map((id) => plain.rows.get(id)?.split(',')[0])],
      );
      assert.equal(events.rows[0].n, 3, 'one letter.created event each');
      const letters = await quiet.request('GET', `${LETTERS}?limit=100`, { key: k });
      assert.equal(letters.body.totalCount, 3, 'counted as created');

      // Two envelopes for three letters: the third's claim does not hold, and only it is refused.
      const claiming = await sent(friends, { returnEnvelope: envelope.id });
      assert.equal(claiming.done.createdCount, 2);
      const refused = [...claiming.rows.values()].filter((r) => r.startsWith(','));
      assert.equal(refused.length, 1, [...claiming.rows.values()].join(' | '));
    });
  });

  test('what a campaign cannot be sent with: changes_required, saying why', async () => {
    const empty = await mailingList(0);
    const profile = await letterProfile();
    const noSender = await created(
      await post(PATH, { mailingList: (await mailingList(1)).list, letterProfile: profile }),
    );
    const emptyList = await created(
      await post(PATH, {
        mailingList: empty.list,
        letterProfile: profile,
        defaultSenderContact: await sender(),
      }),
    );
    const needsVariable = await created(
      await post(PATH, {
        mailingList: (await mailingList(1)).list,
        letterProfile: await letterProfile(key, '<p>{{to.firstName}} {{notGiven}}</p>'),
        defaultSenderContact: await sender(),
      }),
    );
    const cases: Array<[any, RegExp]> = [
      [noSender, /defaultSenderContact is required/],
      [emptyList, /has no contacts/],
      [needsVariable, /notGiven/],
    ];
    for (const [campaign, why] of cases) {
      const checked = await waitFor(`${PATH}/${campaign.id}`, (c) => c.status !== 'drafting');
      assert.equal(checked.status, 'changes_required');
      assert.match(checked.errors.map((e: any) => e.message).join(' '), why);
      const send = await post(`${PATH}/${campaign.id}/send`, {});
      assert.equal(send.status, 422, send.text);
    }
    // Fixing it (an update) checks it again.
    const fixed = await post(`${PATH}/${noSender.id}`, { defaultSenderContact: await sender() });
    assert.equal(fixed.status, 200, fixed.text);
    assert.equal(fixed.body.status, 'drafting');
    assert.equal((await waitFor(`${PATH}/${noSender.id}`, (c) => c.status !== 'drafting')).status, 'draft');
  });

  test('a draft whose send date has passed stays a draft; the send asks for a date still to come', async () => {
    const { list } = await mailingList(1);
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const campaign = await created(
      await post(PATH, {
        mailingList: list,
        letterProfile: await letterProfile(),
        defaultSenderContact: await sender(),
        sendDate: tomorrow,
      }),
    );
    assert.equal((await waitFor(`${PATH}/${campaign.id}`, (c) => c.status !== 'drafting')).status, 'draft');
    const days4 = 4 * 24 * 3600_000;
    server.clock.advance(days4);
    try {
      const changed = await post(`${PATH}/${campaign.id}`, { description: 'four days on' });
      assert.equal(changed.status, 200, changed.text);
      const checked = await waitFor(`${PATH}/${campaign.id}`, (c) => c.status !== 'drafting');
      assert.equal(checked.status, 'draft', JSON.stringify(checked.errors));
      const stale = await post(`${PATH}/${campaign.id}/send`, {});
      assert.equal(stale.status, 400, stale.text);
      assert.match(stale.body.error.message, /^sendDate must not be in the past/);
      const sent = await post(`${PATH}/${campaign.id}/send`, {
        sendDate: new Date(server.clock.now().getTime() + 3600_000).toISOString(),
      });
      assert.equal(sent.status, 200, sent.text);
      assert.equal(sent.body.status, 'creating_orders');
    } finally {
      server.clock.advance(-days4);
    }
  });

  test('bad references are a 400 naming the field, and nothing is created', async () => {
    const otherKey = await server.key({ org: 'campaigns-other-org' });
    const theirs = await mailingList(0, otherKey);
    const mine = await mailingList(0);
    const profile = await letterProfile();
    const postcardTemplate = await created(await post(`${V1}/templates`, { html: '<p>x</p>' }));
    const postcardProfile = (
      await created(
        await post(`${V1}/order_profiles/postcards`, {
          size: '6x4',
          frontTemplate: postcardTemplate.id,
          backTemplate: postcardTemplate.id,
        }),
      )
    ).id;
    const before = (await get(PATH)).body.totalCount;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ mailingList: theirs.list, letterProfile: profile }, 'mailingList'],
      [{ letterProfile: profile }, 'mailingList'],
      [{ mailingList: mine.list, letterProfile: 'letter_profile_1111111111111111111111' }, 'letterProfile'],
      [{ mailingList: mine.list, letterProfile: postcardProfile }, 'letterProfile'],
      [
        { mailingList: mine.list, letterProfile: profile, postcardProfile },
        'letterProfile and postcardProfile',
      ],
      [
        { mailingList: mine.list, defaultSenderContact: 'contact_1111111111111111111111' },
        'defaultSenderContact',
      ],
      [{ mailingList: mine.list, sendDate: '2020-01-01' }, 'sendDate'],
    ];
    for (const [body, field] of cases) {
      const res = await post(PATH, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.body.error.message, new RegExp(field));
    }
    assert.equal((await get(PATH)).body.totalCount, before);
  });

  test('deleting a ready campaign cancels its orders that have not started printing', async () => {
    const { campaign } = await draftCampaign(2);
    // A send date ahead keeps the orders ready (not printing) until then.
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await post(`${PATH}/${campaign.id}/send`, { sendDate: tomorrow });
    const ready = await waitFor(`${PATH}/${campaign.id}`, (c) => c.status === 'ready');
    const report = await (await fetch(ready.reportURL)).text();
    const orderIds = report
      .trim()
      .split('\n')
      .slice(1)
      .map((r) => r.split(',')[1]);
    const del = await server.request('DELETE', `${PATH}/${campaign.id}`, { key });
    assert.equal(del.status, 200, del.text);
    for (const id of orderIds) {
      const letter = (await get(`${LETTERS}/${id}`)).body;
      assert.equal(letter.status, 'cancelled');
      assert.equal(letter.cancellation.reason, 'user_initiated');
    }
    assert.equal((await get(`${PATH}/${campaign.id}`)).status, 404);
  });
});

/**
 * A campaign in `draft` on a server without job workers: the list's members and the campaign's
 * status are written as the list job and the campaign check would leave them.
 */
async function draftWithoutWorkers(s: TestServer, k: string, n: number) {
  const send = (path: string, json: unknown) => s.request('POST', path, { key: k, json });
  const ids: string[] = [];
  for (let i = 1; i <= n; i++)
    ids.push((await created(await send(`${V1}/contacts`, { ...alice, firstName: `R${i}` }))).id);
  const list = await created(await send(`${V1}/mailing_lists`, {}));
  const template = await created(await send(`${V1}/templates`, { html: '<p>Hi {{to.firstName}}</p>' }));
  const profile = await created(
    await send(`${V1}/order_profiles/letters`, { size: 'us_letter', template: template.id }),
  );
  const from = await created(await send(`${V1}/contacts`, bob));
  const campaign = await created(
    await send(PATH, { mailingList: list.id, letterProfile: profile.id, defaultSenderContact: from.id }),
  );
  await addMembersDirectly(s, list.id, ids);
  await s.runtime.db.pool.query(`UPDATE campaigns SET doc = doc || '{"status": "draft"}' WHERE id = $1`, [
    campaign.id,
  ]);
  return { campaign, contacts: ids };
}

/**
 * A campaign of 3 sent, its send run here by hand one contact a page (the quiet server runs
 * no jobs) until it crashes after the first: its database, scope, and the orders' context.
 */
async function sentHalfByHand(s: TestServer, k: string, id: string) {
  const sent = await s.request('POST', `${PATH}/${id}/send`, { key: k, json: {} });
  assert.equal(sent.status, 200, sent.text);
  const { deps, db } = s.runtime;
  const org = await db.pool.query('SELECT org_id FROM campaigns WHERE id = $1', [id]);
  const scope = { orgId: org.rows[0].org_id as string, live: false };
  const ctx = () => orderCreateContext(deps, scope, 'US');
  let pages = 0;
  const crashing = () => {
    if (++pages === 2) throw new Error('crash between pages');
    return ctx();
  };
  await assert.rejects(sendCampaign(db.pool, scope, id, crashing, 1), /crash/);
  return { db, scope, ctx };
}

/** The list's members as its add-contacts job would leave them (the quiet server runs no jobs). */
async function addMembersDirectly(s: TestServer, listId: string, contactIds: string[]) {
  await s.runtime.db.pool.query(
    'INSERT INTO mailing_list_members (list_id, contact_id) SELECT $1, unnest($2::text[])',
    [listId, contactIds],
  );
}
