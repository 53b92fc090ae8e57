import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { handOverBatch } from '../../src/api/print-mail/orders/print-batch-hand-over.js';
import { listBatches } from '../../src/api/print-mail/orders/print-batches.repo.js';
import { describeBatch } from '../../src/cli/print.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody, pdfPages, pdfText, waitForLetter } from '../helpers/letters.js';

let server: TestServer;
let live: string;
const DAY = 86_400_000;

before(async () => {
  server = await startTestServer();
  live = await server.key({ org: 'print-org', mode: 'live' });
});
after(() => server.close());

const sweep = () => server.runtime.boss.send('advance-orders', {});

async function until<T>(fn: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('live letters: printing at the send time, batched per setup, handed over, then completed', async () => {
  const create = async (extra: Record<string, unknown>) => {
    const res = await server.request('POST', LETTERS, { key: live, json: letterBody(extra) });
    assert.equal(res.status, 201, res.text);
    return waitForLetter(server, live, res.body.id);
  };
  const plain = [await create({}), await create({ doubleSided: false })];
  const colour = await create({ color: true });
  const back = await server.request('POST', '/print-mail/v1/templates', {
    key: live,
    json: { html: '<p>Card back {{code}}</p>' },
  });
  assert.equal(back.status, 201, back.text);
  // Same press setup as `plain`, other paper and inserting: a batch of its own, with notes.
  const carded = await create({
    paper: 'premium_paper_letter_standard_white_80lb',
    envelope: 'envelope_window_gold',
    plasticCard: {
      size: 'standard',
      doubleSided: { frontHtml: '<p>Card front {{to.firstName}}</p>', backTemplate: back.body.id },
    },
    perforatedPage: 1,
  });
  // As if rendered before cards were stored beside the letter: the batch renders it again.
  const cardFile = path.join(
    server.runtime.config.dataDir,
    'blobs',
    'letters',
    'live',
    `${carded.id}-card.pdf`,
  );
  assert.ok(existsSync(cardFile), cardFile);
  rmSync(cardFile);
  server.clock.advance(DAY + 1000); // past the first New York midnight after today
  await sweep();
  for (const l of [...plain, colour, carded])
    await waitForLetter(server, live, l.id, (x) => x.status === 'printing');

  const pool = server.runtime.db.pool;
  const batches = await until(async () => {
    const all = await listBatches(pool);
    return all.length >= 3 ? all : undefined;
  }, 'three print batches');
  assert.equal(batches.length, 3);
  const root = path.join(server.runtime.config.dataDir, 'blobs');
  const manifestOf = (b: (typeof batches)[number]) =>
    JSON.parse(readFileSync(path.join(root, b.manifestJsonKey), 'utf8'));
  const bw = batches.find((b) => !b.color && manifestOf(b).setup.paper === 'standard')!;
  assert.equal(bw.orderCount, 2);
  assert.equal(batches.find((b) => b.color)!.orderCount, 1);
  const special = batches.find((b) => manifestOf(b).setup.plasticCard)!;
  assert.deepEqual(manifestOf(special).setup, {
    paper: 'premium_paper_letter_standard_white_80lb',
    envelope: 'envelope_window_gold',
    plasticCard: true,
  });
  const [line] = manifestOf(special).orders;
  assert.equal(line.orderId, carded.id);
  assert.equal(line.plasticCard, 'standard card, double-sided (frontHtml, backTemplate)');
  assert.equal(
    line.productionNotes,
    'paper premium_paper_letter_standard_white_80lb; envelope envelope_window_gold; affix plastic card: standard card, double-sided (frontHtml, backTemplate); perforate page 1',
  );
  // The cards, front then back, in the batch's cards PDF, named in the manifest.
  assert.equal(manifestOf(special).cardsPdfKey, `print-batches/${special.id}/cards.pdf`);
  assert.deepEqual([line.cardFirstPage, line.cardPageCount], [1, 2]);
  const cards = readFileSync(path.join(root, manifestOf(special).cardsPdfKey));
  assert.deepEqual(
    (await pdfPages(cards)).map((p) => [Math.round(p.width), Math.round(p.height)]),
    [
      [243, 153],
      [243, 153],
    ],
  );
  assert.match(await pdfText(cards), /Card front Alice .*Card back Z-42/);
  assert.ok(existsSync(cardFile), 'the card rendered again is stored beside its letter');
  assert.equal(manifestOf(bw).cardsPdfKey, null, 'no cards in a batch without them');
  assert.equal(manifestOf(bw).orders[0].cardFirstPage, null);
  const specialCsv = readFileSync(path.join(root, special.manifestCsvKey), 'utf8');
  assert.match(specialCsv.split('\r\n')[0], /,plasticCard,cardFirstPage,cardPageCount,.*,productionNotes,/);
  assert.match(specialCsv, /affix plastic card/);
  const combined = readFileSync(path.join(root, bw.pdfKey));
  assert.equal((await pdfPages(combined)).length, bw.pageCount);
  const csv = readFileSync(path.join(root, bw.manifestCsvKey), 'utf8');
  for (const l of plain) assert.match(csv, new RegExp(l.id));
  assert.match(csv, /ALICE READER/);
  const json = manifestOf(bw);
  assert.equal(json.orders[0].productionNotes, '', 'nothing special for a standard letter');
  assert.deepEqual(
    json.orders.map((o: { firstPage: number }) => o.firstPage),
    [1, 2],
  );
  assert.match(describeBatch(bw, root), /ready for print/);

  const handedOver = await handOverBatch(pool, bw.id, {
    now: server.clock.now(),
    signer: server.runtime.deps.signer,
  });
  assert.deepEqual(
    handedOver,
    { moved: 2, trackingNumbers: 0 },
    'both letters moved; no tracking file given',
  );
  await assert.rejects(
    handOverBatch(pool, bw.id, { now: server.clock.now(), signer: server.runtime.deps.signer }),
  );
  for (const l of plain) {
    const got = await server.request('GET', `${LETTERS}/${l.id}`, { key: live });
    assert.equal(got.body.status, 'processed_for_delivery');
  }
  server.clock.advance(6 * DAY);
  await sweep();
  for (const l of plain) await waitForLetter(server, live, l.id, (x) => x.status === 'completed');
  const transitions = (
    await pool.query('SELECT transitions FROM letters WHERE id = $1', [plain[0].id])
  ).rows[0].transitions.map((t: { to: string; cause: string }) => `${t.to}:${t.cause}`);
  assert.deepEqual(transitions, [
    'printing:schedule',
    'processed_for_delivery:print_hand_off',
    'completed:schedule',
  ]);
  const colourNow = await server.request('GET', `${LETTERS}/${colour.id}`, { key: live });
  assert.equal(colourNow.body.status, 'printing', 'its batch was not handed over');
});
