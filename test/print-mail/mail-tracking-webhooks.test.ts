import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { decodeJwt, jwtVerify } from 'jose';
import { parseImbConfig } from '../../src/config/imb.js';
import { cliOnServer, postroomHere } from '../helpers/cli-here.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { mailedLetter } from '../helpers/mail-tracking.js';
import type { Delivery } from '../helpers/webhook-receiver.js';
import { emitEvent, startReceiver } from '../helpers/webhook-receiver.js';

// A real receiver over HTTP gets each scan-made change as its letter.updated webhook, once.
let server: TestServer;
let live: string;
const PUSH = { user: 'usps-ivmtr', password: 'a-long-push-password' };
const ORG = 'scan-hooks-org';

before(async () => {
  server = await startTestServer({
    imb: parseImbConfig({
      POSTROOM_IMB_MAILER_ID: '123457',
      POSTROOM_IVMTR_PUSH_USER: PUSH.user,
      POSTROOM_IVMTR_PUSH_PASSWORD: PUSH.password,
    }),
  });
  live = await server.key({ org: ORG, mode: 'live' });
  cliOnServer(server);
});
after(() => server.close());

test('scan imports fire letter.updated webhooks with the new imb fields, once each; a re-import fires none', async (t) => {
  const [a, b] = [await mailedLetter(server, live), await mailedLetter(server, live)];
  const start = server.clock.now().getTime();
  const at = (h: number) => new Date(start + h * 3600_000).toISOString();
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  const hook = await server.request('POST', '/print-mail/v1/webhooks', {
    key: live,
    json: { url: receiver.url(), enabledEvents: ['letter.updated'] },
  });
  assert.equal(hook.status, 201, hook.text);
  const secret = new TextEncoder().encode(hook.body.secret);
  /** Deliveries a scan made: the webhook came after the renders, so any with an imbDate. */
  const byScan = (d: Delivery) => Boolean((decodeJwt(d.body) as any).data?.imbDate);
  /** Those deliveries' payloads, each checked against the webhook's secret. */
  const scanHooks = async () =>
    Promise.all(
      receiver.deliveries.filter(byScan).map(async (d) => (await jwtVerify(d.body, secret)).payload as any),
    );

  // The push endpoint: A enters the mail stream.
  const pushed = await server.request('POST', '/ivmtr/v1/scans', {
    raw: {
      body: JSON.stringify([
        {
          imb: a.imb,
          scanDatetime: at(20),
          scanEventCode: '10',
          operationCode: '271',
          scanFacilityZip: '12207',
        },
      ]),
      contentType: 'application/json',
    },
    headers: { authorization: `Basic ${Buffer.from(`${PUSH.user}:${PUSH.password}`).toString('base64')}` },
  });
  assert.equal(pushed.status, 200, pushed.text);
  assert.equal(pushed.body.ordersUpdated, 1);

  // A file: A out for delivery (after a processing scan, one change), B entered.
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'scan-hooks-')), 'feed.txt');
  writeFileSync(
    file,
    [
      'imb|scanDatetime|scanEventCode|operationCode|scanFacilityZip',
      `${a.imb}|${at(30)}|10|265|02205`,
      `${b.imb}|${at(31)}|10|271|12207`,
      `${a.imb}|${at(40)}|OF||02114`,
      '',
    ].join('\n'),
  );
  const run = await postroomHere('tracking', 'import', file, '--json');
  assert.equal(run.code, 0, run.err);
  assert.equal(JSON.parse(run.out).ordersUpdated, 2);

  await receiver.waitFor(3, byScan, 30_000);
  const seen = (await scanHooks()).map((p) => [
    p.data.id,
    p.data.imbStatus,
    p.data.imbDate,
    p.data.imbZipCode,
  ]);
  assert.deepEqual(
    seen.sort(),
    [
      [a.id, 'entered_mail_stream', at(20), '12207'],
      [a.id, 'out_for_delivery', at(40), '02114'],
      [b.id, 'entered_mail_stream', at(31), '12207'],
    ].sort(),
  );

  // The same file again: nothing changes, so no webhook. A marker event sent after it arrives
  // once everything queued before it has gone out.
  const again = await postroomHere('tracking', 'import', file, '--json');
  assert.equal(JSON.parse(again.out).ordersUpdated, 0);
  await emitEvent(server.runtime.db.pool, ORG, 'live', 'letter.updated', { id: 'letter_marker' }, [
    'metadata',
  ]);
  await receiver.waitFor(
    1,
    (d) => d.body.includes('.') && (decodeJwt(d.body) as any).data?.id === 'letter_marker',
    30_000,
  );
  await new Promise((r) => setTimeout(r, 500));
  assert.equal((await scanHooks()).length, 3, 'the re-import sent nothing more');
});
