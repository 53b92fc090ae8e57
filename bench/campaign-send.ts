/**
 * A campaign's order creation alone (creating_orders → ready), no renders, no job workers:
 *   node --import tsx bench/campaign-send.ts [contacts=1000]   (BY_TEXT=1: time per statement)
 * On a throwaway schema: N contacts on a list, a one-page letter profile and a default sender.
 * Two campaigns over that list, in one run: the baseline makes each order alone (createOrder
 * under a savepoint, then its cursor row), as sends did before; then sendCampaign (the send
 * job's code) writes each page at once. Each reports orders/s, the statements it sent and the
 * node CPU it took: the orders' part of what bench/campaign.ts measures end to end.
 */
import pg from 'pg';
import { campaignOrderInput } from '../src/api/print-mail/campaigns/campaign-order-input.js';
import { recordCampaignContact } from '../src/api/print-mail/campaigns/campaign-orders.repo.js';
import { SEND_PAGE, sendCampaign } from '../src/api/print-mail/campaigns/campaign-send.js';
import { mailingListMembers } from '../src/api/print-mail/mailing-lists/mailing-list-members.repo.js';
import { getOrderProfile } from '../src/api/print-mail/order-profiles/profile-order-input.js';
import { createOrder } from '../src/api/print-mail/orders/order-service.js';
import { withTransaction } from '../src/db/tx.js';
import { startTestServer } from '../test/helpers/harness.js';
import { alice, bob } from '../test/helpers/letters.js';

const N = Number(process.argv[2] ?? 1000);
const V1 = '/print-mail/v1';
const s = await startTestServer({}, { workers: false });
const k = await s.key({ org: 'bench-campaign-send' });
const send = async (path: string, json: unknown) => {
  const r = await s.request('POST', path, { key: k, json });
  if (r.status >= 300) throw new Error(r.text);
  return r.body;
};
const ids: string[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < N) {
      const i = next++;
      ids.push((await send(`${V1}/contacts`, { ...alice, firstName: `R${i}` })).id);
    }
  }),
);
const list = await send(`${V1}/mailing_lists`, {});
const template = await send(`${V1}/templates`, { html: '<p>Hi {{to.firstName}} {{offer}}</p>' });
const profile = await send(`${V1}/order_profiles/letters`, {
  size: 'us_letter',
  template: template.id,
  mergeVariables: { offer: 'x' },
});
const from = await send(`${V1}/contacts`, bob);
const newCampaign = () =>
  send(`${V1}/campaigns`, { mailingList: list.id, letterProfile: profile.id, defaultSenderContact: from.id });
const pool = s.runtime.db.pool;
// What the list job would leave (no workers run here).
await pool.query('INSERT INTO mailing_list_members (list_id, contact_id) SELECT $1, unnest($2::text[])', [
  list.id,
  ids,
]);
const { deps } = s.runtime;
const org = await pool.query('SELECT org_id FROM mailing_lists WHERE id = $1', [list.id]);
const scope = { orgId: org.rows[0].org_id as string, live: false };
const ctx = () => ({
  scope,
  orgCountryCode: 'US',
  addressing: deps.addressing,
  now: new Date(),
  blobs: deps.blobs,
  boss: deps.boss,
  signer: deps.signer,
  allowPrivate: true,
});

// Every statement sent while a phase runs, by its text's start: how many, and their wall time.
let queries = 0;
let byText = new Map<string, { n: number; ms: number }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  const q = args[0] as string | { text?: string };
  const text = (typeof q === 'string' ? q : (q?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 90);
  const entry = byText.get(text) ?? { n: 0, ms: 0 };
  byText.set(text, entry);
  entry.n++;
  const t = performance.now();
  const result = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) result.then(() => (entry.ms += performance.now() - t)).catch(() => {});
  return result;
} as typeof query;

/** Runs one way of creating a campaign's orders on a fresh campaign (in creating_orders) and reports it. */
async function phase(name: string, run: (campaignId: string) => Promise<void>) {
  const campaign = await newCampaign();
  await pool.query(`UPDATE campaigns SET doc = doc || '{"status": "creating_orders"}' WHERE id = $1`, [
    campaign.id,
  ]);
  [queries, byText] = [0, new Map()];
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run(campaign.id);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const sent = queries;
  const made = await pool.query(
    'SELECT count(*)::int AS n FROM campaign_orders WHERE campaign_id = $1 AND order_id IS NOT NULL',
    [campaign.id],
  );
  console.log(
    `${name}: ${made.rows[0].n} orders in ${ms.toFixed(0)} ms (${((N / ms) * 1000).toFixed(0)}/s), node CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, ${sent} statements (${(sent / N).toFixed(2)} per order)`,
  );
  if (process.env.BY_TEXT)
    for (const [text, e] of [...byText].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
      console.log(`  ${e.n}\t${e.ms.toFixed(0)} ms\t${text}`);
  return N / ms;
}

// The baseline: each order alone under a savepoint, as campaign sends made them before pages
// were written at once (createOrder, then the contact's cursor row), 100 contacts a transaction.
const oneByOne = await phase('one by one', async (campaignId) => {
  const found = (await getOrderProfile(pool, scope, profile.id))!;
  const c = (await pool.query('SELECT doc FROM campaigns WHERE id = $1', [campaignId])).rows[0].doc;
  for (let after: string | null = null; ; ) {
    const page = await mailingListMembers(pool, scope, list.id, after, SEND_PAGE);
    if (!page.length) break;
    await withTransaction(pool, async (tx) => {
      for (const contactId of page) {
        await tx.query('SAVEPOINT campaign_order');
        const input = campaignOrderInput(c, found.kind, found.profile, { id: contactId }, ctx().now);
        const order = await createOrder(tx, found.kind, input, ctx());
        await tx.query('RELEASE SAVEPOINT campaign_order');
        await recordCampaignContact(tx, campaignId, contactId, { orderId: order.id as string });
      }
    });
    after = page[page.length - 1];
  }
});
const together = await phase('a page at once', (campaignId) => sendCampaign(pool, scope, campaignId, ctx));
pg.Client.prototype.query = query;
console.log(`a page at once / one by one: ${(together / oneByOne).toFixed(2)}×`);
await s.close();
