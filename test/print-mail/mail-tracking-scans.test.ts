import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { JobContext } from '../../src/api/job-definition.js';
import { importScans, stageScans } from '../../src/api/print-mail/tracking/scan-import.js';
import { resumeScanImports } from '../../src/api/print-mail/tracking/scan-import-resume.job.js';
import { parseImbConfig } from '../../src/config/imb.js';
import { createUrlSigner } from '../../src/platform/signed-url.js';
import { cliOnServer, postroomHere } from '../helpers/cli-here.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody } from '../helpers/letters.js';
import { waitForOrder } from '../helpers/orders.js';

let server: TestServer;
let live: string;
const PUSH = { user: 'usps-ivmtr', password: 'a-long-push-password' };
const imb = parseImbConfig({
  POSTROOM_IMB_MAILER_ID: '987654321',
  POSTROOM_IVMTR_PUSH_USER: PUSH.user,
  POSTROOM_IVMTR_PUSH_PASSWORD: PUSH.password,
});
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'ivmtr-'));

before(async () => {
  server = await startTestServer({ imb });
  live = await server.key({ org: 'scans-org', mode: 'live' });
  cliOnServer(server);
});
after(() => server.close());

/** A rendered live letter and its barcode as scanned (tracking + routing). */
async function mailedLetter(): Promise<{ id: string; imb: string }> {
  const res = await server.request('POST', LETTERS, { key: live, json: letterBody() });
  assert.equal(res.status, 201, res.text);
  await waitForOrder(server, live, LETTERS, res.body.id);
  const { rows } = await server.runtime.db.pool.query(
    'SELECT tracking, routing FROM imb_barcodes WHERE order_id = $1',
    [res.body.id],
  );
  return { id: res.body.id, imb: rows[0].tracking + rows[0].routing };
}

const hoursFromNow = (h: number) => new Date(server.clock.now().getTime() + h * 3600_000).toISOString();
const push = (body: string, auth = basic(PUSH.user, PUSH.password)) =>
  server.request('POST', '/ivmtr/v1/scans', {
    raw: { body, contentType: 'application/json' },
    headers: { authorization: auth },
  });
const letter = async (id: string) => (await server.request('GET', `${LETTERS}/${id}`, { key: live })).body;
const updates = async (id: string) => {
  const res = await server.request('GET', '/print-mail/v1/events?limit=100', { key: live });
  return res.body.data.filter(
    (e: any) => e.data.id === id && e.type === 'letter.updated' && e.updatedFields.includes('imbDate'),
  );
};

test('the push endpoint wants the configured credentials', async () => {
  assert.equal((await push('[]', '')).status, 401);
  assert.equal((await push('[]', basic(PUSH.user, 'wrong-password-here'))).status, 401);
  const ok = await push('[]');
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.records, 0);
});

test('scans step imbStatus up in time order, never back, each change a letter.updated event', async () => {
  const { id, imb } = await mailedLetter();
  const entered = hoursFromNow(20);
  // A JSON push: the first processing scan.
  const first = await push(
    JSON.stringify({
      events: [
        {
          imb,
          scanDatetime: entered,
          scanEventCode: '10',
          operationCode: '271',
          scanFacilityZip: '12207',
          mailPhase: 'Phase 1 - Origin Processing',
        },
      ],
    }),
  );
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.ordersUpdated, 1);
  assert.deepEqual(
    [(await letter(id)).imbStatus, (await letter(id)).imbDate, (await letter(id)).imbZipCode],
    ['entered_mail_stream', entered, '12207'],
  );
  assert.deepEqual((await updates(id))[0].updatedFields, ['imbStatus', 'imbDate', 'imbZipCode']);

  // A delimited file by the CLI: out for delivery, a later processing scan (no change), an older
  // processing scan arriving late (no step back), another mailer's barcode, an unknown code.
  const ofd = hoursFromNow(40);
  const file = path.join(dir, 'feed.txt');
  writeFileSync(
    file,
    [
      'imb|scanDatetime|scanEventCode|operationCode|scanFacilityZip|handlingEventType|mailPhase',
      `${imb}|${ofd.replace('T', ' ').replace('.000Z', '')}|OF||02114|L|Phase 4c - Destination Sequenced Carrier Sortation`,
      `${imb}|${hoursFromNow(41)}|10|271|02205|L|Phase 4 - Destination Processing`,
      `${imb}|${hoursFromNow(10)}|10|271|12208|L|Phase 1 - Origin Processing`,
      `00310123456000000099|${hoursFromNow(30)}|10|271|02205|L|Phase 2`,
      `${imb}|${hoursFromNow(42)}|ZZ|||L|`,
      '',
    ].join('\n'),
  );
  const run = await postroomHere('tracking', 'import', file, '--json');
  assert.equal(run.code, 0, run.err);
  const counts = JSON.parse(run.out);
  assert.equal(counts.records, 5);
  assert.equal(counts.unknownBarcodes, 1);
  assert.equal(counts.unknownCodes, 1);
  assert.equal(counts.unknownCodeExamples[0].line, 6);
  assert.equal(counts.ordersUpdated, 1);
  const after = await letter(id);
  assert.deepEqual([after.imbStatus, after.imbDate, after.imbZipCode], ['out_for_delivery', ofd, '02114']);
  assert.equal((await updates(id)).length, 2);

  // The same file again changes nothing and emits nothing.
  const again = JSON.parse((await postroomHere('tracking', 'import', file, '--json')).out);
  assert.deepEqual([again.newScans, again.alreadyImported, again.ordersUpdated], [0, 4, 0]);
  assert.equal((await updates(id)).length, 2);

  // A return: the last step, however old the scan.
  const returned = await push(
    JSON.stringify([{ imb, scanDatetime: hoursFromNow(39), scanEventCode: '09', scanFacilityZip: '02114' }]),
  );
  assert.equal(returned.body.ordersUpdated, 1);
  assert.equal((await letter(id)).imbStatus, 'returned_to_sender');
  const later = await push(
    JSON.stringify([{ imb, scanDatetime: hoursFromNow(60), scanEventCode: 'OF', scanFacilityZip: '02114' }]),
  );
  assert.equal(later.body.ordersUpdated, 0, 'out for delivery after a return does not step back');
  assert.equal((await letter(id)).imbStatus, 'returned_to_sender');
});

test('an import spread over many statements moves each order as one statement would', async () => {
  const pieces = await Promise.all([0, 1, 2, 3, 4].map(() => mailedLetter()));
  const base = server.clock.now().getTime();
  const at = (hours: number) => new Date(base + hours * 3600_000).toISOString();
  const line = (p: number, hours: number, code: string, zip: string) =>
    `${pieces[p].imb}|${at(hours)}|${code}|${code === '10' ? '271' : ''}|${zip}\n`;
  // Each order's scans spread over the file, so they fall in different chunks: three pieces
  // go out for delivery (a later processing scan changes nothing), one only has processing
  // scans with an earlier one last (imbDate moves back to it), one comes back (a return wins,
  // however old).
  const lines = [
    line(0, 10, '10', '12200'),
    line(1, 11, '10', '12201'),
    line(3, 13, '10', '12213'),
    line(2, 12, '10', '12202'),
    line(4, 14, '10', '12204'),
    line(0, 30, 'OF', '02114'),
    line(1, 31, 'OF', '02114'),
    line(3, 20, '10', '12223'),
    line(4, 40, 'OF', '02114'),
    line(2, 32, 'OF', '02114'),
    line(0, 35, '10', '02205'),
    line(4, 5, '09', '02115'),
    line(3, 3, '10', '12203'),
  ];
  const input = () => ['imb|scanDatetime|scanEventCode|operationCode|scanFacilityZip\n', ...lines];
  const ctx = {
    now: server.clock.now(),
    signer: createUrlSigner(Buffer.alloc(32, 7), 'http://127.0.0.1', server.clock),
  };
  // Parts applied at once above 3 scans, and two orders moved a statement (50,000 and 20,000 outside tests).
  const chunks = { parallelAbove: 3, orders: 2 };
  const first = await importScans(server.runtime.db.pool, input(), ctx, chunks);
  assert.deepEqual([first.records, first.newScans, first.ordersUpdated], [13, 13, 5]);
  const expected = [
    ['out_for_delivery', at(30), '02114'],
    ['out_for_delivery', at(31), '02114'],
    ['out_for_delivery', at(32), '02114'],
    ['entered_mail_stream', at(3), '12203'],
    ['returned_to_sender', at(5), '02115'],
  ];
  for (const [i, piece] of pieces.entries()) {
    const got = await letter(piece.id);
    assert.deepEqual([got.imbStatus, got.imbDate, got.imbZipCode], expected[i], `piece ${i}`);
    const events = await updates(piece.id);
    assert.equal(events.length, 1, `piece ${i}: one event for the import`);
    assert.equal(events[0].data.imbStatus, expected[i][0], `piece ${i}: the event shows the order as moved`);
  }
  const again = await importScans(server.runtime.db.pool, input(), ctx, chunks);
  assert.deepEqual([again.newScans, again.alreadyImported, again.ordersUpdated], [0, 13, 0]);
});

/** A delimited feed: each piece entered at hour 10 and out for delivery at hour 30 after `base`. */
function feedOf(pieces: Array<{ imb: string }>, base: number): string[] {
  const at = (hours: number) => new Date(base + hours * 3600_000).toISOString();
  return [
    'imb|scanDatetime|scanEventCode|operationCode|scanFacilityZip\n',
    ...pieces.flatMap((p) => [`${p.imb}|${at(10)}|10|271|12207\n`, `${p.imb}|${at(30)}|OF||02114\n`]),
  ];
}
const importCtx = () => ({
  now: server.clock.now(),
  signer: createUrlSigner(Buffer.alloc(32, 7), 'http://127.0.0.1', server.clock),
});
const scansOf = async (id: string) =>
  (await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM imb_scans WHERE order_id = $1', [id]))
    .rows[0].n;

test('an import stopped after staging is applied by the resume job, waiting for a part another process holds', async () => {
  const pool = server.runtime.db.pool;
  // Six pieces: serials run on, so their tracking codes end in both parities, i.e. both parts.
  const pieces = await Promise.all([0, 1, 2, 3, 4, 5].map(() => mailedLetter()));
  const parity = new Set(pieces.map((p) => Number(p.imb[19]) % 2));
  assert.equal(parity.size, 2, 'the pieces fall in both parts');
  const { importId, result } = await stageScans(
    pool,
    feedOf(pieces, server.clock.now().getTime()),
    importCtx(),
  );
  assert.equal(result.records, 12);
  // One statement, straight after staging: the server's own resume job runs each minute.
  const moved = await pool.query(
    `SELECT count(*)::int AS n FROM letters WHERE id = ANY($1) AND doc->>'imbStatus' IS NOT NULL`,
    [pieces.map((p) => p.id)],
  );
  assert.equal(moved.rows[0].n, 0, 'staged, nothing applied yet');
  const stage = `imb_stage_${importId}`;
  assert.equal((await pool.query('SELECT to_regclass($1) AS t', [stage])).rows[0].t, stage);

  // Another process is applying part 0: the job applies part 1, then waits for part 0's lock.
  const other = await pool.connect();
  await other.query('BEGIN');
  await other.query('SELECT FROM imb_import_parts WHERE import_id = $1 AND part = 0 FOR UPDATE', [importId]);
  const ctx = {
    pool,
    clock: server.clock,
    signer: importCtx().signer,
    log: () => {},
  } as unknown as JobContext;
  const job = resumeScanImports.run({}, ctx);
  const partOne = pieces.filter((p) => Number(p.imb[19]) % 2 === 1);
  for (let i = 0; i < 100 && (await letter(partOne[0].id)).imbStatus === null; i++)
    await new Promise((r) => setTimeout(r, 50));
  for (const p of pieces)
    assert.equal(
      (await letter(p.id)).imbStatus,
      Number(p.imb[19]) % 2 === 1 ? 'out_for_delivery' : null,
      'part 1 applied, part 0 waited for',
    );
  // That process stops without applying it (its transaction ends): the job applies it.
  await other.query('ROLLBACK');
  other.release();
  await job;
  for (const p of pieces) {
    assert.equal((await letter(p.id)).imbStatus, 'out_for_delivery');
    assert.equal((await updates(p.id)).length, 1, 'one event each');
    assert.equal(await scansOf(p.id), 2);
  }
  const done = await pool.query(
    'SELECT applied_at, to_regclass($2) AS stage FROM imb_imports WHERE id = $1',
    [importId, stage],
  );
  assert.ok(done.rows[0].applied_at, 'the import is marked applied');
  assert.equal(done.rows[0].stage, null, 'its stage is dropped');
  // A day after, the job removes it.
  await pool.query(`UPDATE imb_imports SET applied_at = applied_at - interval '25 hours' WHERE id = $1`, [
    importId,
  ]);
  await resumeScanImports.run({}, ctx);
  assert.equal((await pool.query('SELECT FROM imb_imports WHERE id = $1', [importId])).rowCount, 0);
});

test('the same file imported twice at once: each scan stored once, each order moved once', async () => {
  const pieces = await Promise.all([0, 1, 2, 3].map(() => mailedLetter()));
  const feed = feedOf(pieces, server.clock.now().getTime());
  const chunks = { parallelAbove: 2, orders: 1 };
  const [a, b] = await Promise.all([
    importScans(server.runtime.db.pool, feed, importCtx(), chunks),
    importScans(server.runtime.db.pool, feed, importCtx(), chunks),
  ]);
  assert.equal(a.newScans + b.newScans, 8);
  assert.equal(a.alreadyImported + b.alreadyImported, 8);
  assert.equal(a.ordersUpdated + b.ordersUpdated, 4);
  for (const p of pieces) {
    assert.equal(await scansOf(p.id), 2);
    assert.equal((await updates(p.id)).length, 1);
    assert.equal((await letter(p.id)).imbStatus, 'out_for_delivery');
  }
});

test('bad files change nothing and name the line: wrong columns, a bad record, cut off', async () => {
  const { id, imb } = await mailedLetter();
  const good = `{"imb":"${imb}","scanDatetime":"${hoursFromNow(20)}","scanEventCode":"10","scanFacilityZip":"12207"}`;
  const importsBefore = (await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM imb_imports'))
    .rows[0].n;
  const wrongColumns = await push('barcode|when|code\n1|2|3\n');
  assert.equal(wrongColumns.status, 400);
  assert.match(
    wrongColumns.body.error.message,
    /^line 1: the header must name the columns imb, scanDatetime/,
  );
  const badRecord = await push(
    `[${good},\n{"imb":"123","scanDatetime":"${hoursFromNow(21)}","scanEventCode":"10"}]`,
  );
  assert.equal(badRecord.status, 400);
  assert.match(badRecord.body.error.message, /^line 2: imb must be 20, 25, 29 or 31 digits/);
  const cutJson = await push(`[${good},\n${good.slice(0, 40)}`);
  assert.equal(cutJson.status, 400);
  assert.match(cutJson.body.error.message, /^line 2: the file ends inside a record \(cut off\?\)/);
  const cutText = `imb|scanDatetime|scanEventCode|scanFacilityZip\n${imb}|${hoursFromNow(20)}|10|12207\n${imb}|${hoursFromNow(21)}|1`;
  const cut = await push(cutText);
  assert.equal(cut.status, 400);
  assert.match(cut.body.error.message, /^line 3: the file ends in the middle of this record/);
  // Cut after batches of it have gone to the database: the COPY is undone.
  const many = Array.from({ length: 2500 }, (_, i) => `${imb}|${hoursFromNow(20 + i / 100)}|10|271|12207\n`);
  await assert.rejects(
    importScans(
      server.runtime.db.pool,
      [
        'imb|scanDatetime|scanEventCode|operationCode|scanFacilityZip\n',
        ...many,
        `${imb}|${hoursFromNow(50)}|1`,
      ],
      {
        now: server.clock.now(),
        signer: server.runtime.deps.signer,
      },
    ),
    /line 2502: the file ends in the middle of this record/,
  );
  const file = path.join(dir, 'cut.json');
  writeFileSync(file, `[${good},\n${good.slice(0, 40)}`);
  const cli = await postroomHere('tracking', 'import', file);
  assert.equal(cli.code, 1);
  assert.match(cli.err, /line 2: the file ends inside a record.*nothing was imported/);
  // Each file's good records were not applied, nor anything of them kept.
  assert.equal(
    (await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM imb_imports')).rows[0].n,
    importsBefore,
  );
  assert.equal((await letter(id)).imbStatus, null);
  assert.equal(
    (await server.runtime.db.pool.query('SELECT count(*)::int AS n FROM imb_scans WHERE order_id = $1', [id]))
      .rows[0].n,
    0,
  );
});

test('test mode: progressions play out imbStatus for a US piece', async () => {
  const key = await server.key({ org: 'scans-org', mode: 'test' });
  const res = await server.request('POST', LETTERS, { key, json: letterBody() });
  const step = () => server.request('POST', `${LETTERS}/${res.body.id}/progressions`, { key });
  await step();
  assert.equal((await step()).body.imbStatus, 'entered_mail_stream');
  const done = (await step()).body;
  assert.deepEqual(
    [done.status, done.imbStatus, done.imbZipCode],
    ['completed', 'out_for_delivery', '02114'],
  );
});
