import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parseArgs, UsageError } from '../../src/cli/args.js';
import { runMailboxCommand } from '../../src/cli/mailbox.js';
import { main } from '../../src/cli/main.js';
import { ApiError } from '../../src/platform/errors.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { createMailbox, download, MAILBOXES, MAILROOM, scanPdf } from '../helpers/mailboxes.js';

// `postroom mailbox ...` over this server's own dependencies: the command as the mail room
// runs it, against the database and blob store the API serves from.
let server: TestServer;
let key: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'postroom-mailbox-cli-'));

before(async () => {
  server = await startTestServer({ mailroomAddress: MAILROOM });
  key = await server.key({ org: 'mailbox-cli' });
});
after(() => server.close());

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await runMailboxCommand(parseArgs(['mailbox', ...argv]), server.runtime.deps, (l) =>
    lines.push(l),
  );
  return { code, lines };
}

test('mailbox receive stores the scans the customer then downloads, by id or by PMB', async () => {
  const mailbox = await createMailbox(server, key, { capabilities: { envelopeScans: true } });
  const envelope = await scanPdf('Envelope for the CLI');
  const contents = await scanPdf('Letter inside', 3, [612, 792]);
  const envelopeFile = path.join(dir, 'envelope.pdf');
  const contentsFile = path.join(dir, 'contents.pdf');
  writeFileSync(envelopeFile, envelope);
  writeFileSync(contentsFile, contents);
  const address = await server.request('GET', `${MAILBOXES}/${mailbox.id}/address`, { key });
  const pmb = address.body.addressLine2.replace('Ste 200 ', '');

  const { code, lines } = await run(
    'receive',
    pmb,
    '--envelope',
    envelopeFile,
    '--contents',
    contentsFile,
    '--description',
    'Tray 2',
  );
  assert.equal(code, 0);
  const itemId = lines.at(-1)!;
  assert.match(itemId, /^virtual_mailbox_item_/);
  assert.match(lines[0], new RegExp(`received ${itemId} in ${mailbox.id}`));

  const item = await server.request('GET', `${MAILBOXES}/${mailbox.id}/items/${itemId}`, { key });
  assert.equal(item.status, 200);
  assert.equal(item.body.description, 'Tray 2');
  assert.deepEqual(await download(item.body.fileURL), envelope);
  assert.deepEqual(await download(item.body.contentsFileURL), contents);

  const byId = await run('receive', mailbox.id, '--envelope', envelopeFile);
  assert.equal(byId.code, 0);
  const list = await server.request('GET', `${MAILBOXES}/${mailbox.id}/items`, { key });
  assert.equal(list.body.totalCount, 2);
});

test('mailbox activate and list: a live mailbox goes from pending to active', async () => {
  const liveKey = await server.key({ org: 'mailbox-cli', mode: 'live' });
  const live = await createMailbox(server, liveKey);
  const pending = await run('list', '--pending');
  assert.ok(
    pending.lines.some(
      (l) => l.includes(live.id) && l.includes('pending_assignment') && l.includes('mailbox-cli'),
    ),
  );
  const activated = await run('activate', live.id);
  assert.deepEqual(activated.lines, [`${live.id} is active`]);
  assert.equal(
    (await server.request('GET', `${MAILBOXES}/${live.id}`, { key: liveKey })).body.status,
    'active',
  );
  assert.ok(!(await run('list', '--pending')).lines.some((l) => l.includes(live.id)));
});

test('mistakes: a missing file or mailbox is said plainly; nothing is recorded', async () => {
  const mailbox = await createMailbox(server, key, { capabilities: { envelopeScans: true } });
  await assert.rejects(run('receive', mailbox.id, '--envelope', path.join(dir, 'nope.pdf')), (err) => {
    assert.ok(err instanceof UsageError);
    assert.match(err.message, /--envelope: no such file/);
    return true;
  });
  await assert.rejects(run('receive'), UsageError);
  await assert.rejects(run('receive', mailbox.id, '--envelope'), /--envelope needs a value/);
  const text = path.join(dir, 'not-a-pdf.pdf');
  writeFileSync(text, 'hello');
  await assert.rejects(run('receive', mailbox.id, '--envelope', text), (err) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.statusCode, 400);
    assert.match(err.message, /^envelope is not a PDF/);
    return true;
  });
  await assert.rejects(run('receive', 'PMB 999999', '--envelope', text), /Could not find virtual_mailbox/);
  assert.equal((await server.request('GET', `${MAILBOXES}/${mailbox.id}/items`, { key })).body.totalCount, 0);
  // This server has no POSTROOM_OPERATOR_TOKEN: its operator API is off, the CLI is the way in.
  const off = await server.request('POST', `/operator/v1/virtual_mailboxes/${mailbox.id}/activation`, {
    headers: { authorization: 'Bearer anything-at-all-anything-at-all-1234' },
  });
  assert.equal(off.status, 401);
  assert.match(off.body.error.message, /operator API is off/);
  // The command line itself: an unknown subcommand is a usage error (exit code 2).
  assert.equal(await main(['mailbox', 'shred']), 2);
});
