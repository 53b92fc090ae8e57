import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cliEnv, runCli, startCli, stopCli } from '../helpers/cli.js';
import { commandOf, descendants, stillRunning } from '../helpers/process-tree.js';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

// The README's first command serves on the embedded default: real PostgreSQL binaries from
// npm, data under POSTROOM_DATA_DIR, as the postgres OS user when run as root.
test('postroom serve on embedded PostgreSQL: first-run keys, keys CLI alongside, data kept across restarts', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postroom-embedded-'));
  const port = await freePort();
  const env = cliEnv({ POSTROOM_DATA_DIR: dataDir, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;

  const first = await startCli(['serve'], env, /postroom listening/, 120_000);
  const printed = /print-mail\s+(test_sk_\w+)/.exec(first.output());
  assert.ok(printed, `first start prints a print-mail test key:\n${first.output()}`);
  const key = printed[1];
  const keyFile = path.join(dataDir, 'first-run-keys.txt');
  assert.equal(statSync(keyFile).mode & 0o777, 0o600);

  const created = await fetch(`${base}/print-mail/v1/contacts`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Persist', addressLine1: '1 Main St' }),
  }).then((r) => r.json());
  assert.match(created.id, /^contact_/);

  // Letters render in the server's render child, on the embedded cluster too.
  const letter = await fetch(`${base}/print-mail/v1/letters`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ to: created.id, from: created.id, html: '<p>Embedded</p>' }),
  }).then((r) => r.json());
  assert.match(letter.id, /^letter_/, JSON.stringify(letter));
  let rendered: any = {};
  for (let i = 0; i < 600 && !rendered.url; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rendered = await fetch(`${base}/print-mail/v1/letters/${letter.id}`, {
      headers: { 'x-api-key': key },
    }).then((r) => r.json());
  }
  assert.ok(rendered.url, `rendered: ${JSON.stringify(rendered)}\n${first.output().slice(-3000)}`);
  const renderChild = descendants(first.child.pid!).find((pid) =>
    commandOf(pid).includes('render-child-main'),
  );
  assert.ok(renderChild, 'postroom serve renders in a child process');

  // keys CLI while the server runs: attaches to the running cluster.
  const made = await runCli(
    ['keys', 'create', '--org', 'ops', '--mode', 'live', '--product', 'print-mail'],
    env,
  );
  assert.equal(made.code, 0, made.stderr);
  const liveKey = made.stdout.trim().split('\n').at(-1)!;
  assert.match(liveKey, /^live_sk_/);
  const liveList = await fetch(`${base}/print-mail/v1/contacts`, { headers: { 'x-api-key': liveKey } }).then(
    (r) => r.json(),
  );
  assert.equal(liveList.totalCount, 0);

  assert.equal(await stopCli(first.child), 0, first.output().slice(-3000));
  assert.ok(!existsSync(path.join(dataDir, 'pg', 'postmaster.pid')), 'PostgreSQL stopped with the server');
  assert.deepEqual(await stillRunning([renderChild], 5_000), [], 'the render child stopped with the server');

  // keys CLI with no server: starts the cluster itself, then stops it.
  const listed = await runCli(['keys', 'list', '--org', 'ops'], env);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /live\tprint-mail\tsecret/);
  const migrated = await runCli(['migrate'], env);
  assert.match(migrated.stdout, /up to date/);

  const second = await startCli(['serve'], env, /postroom listening/, 120_000);
  assert.doesNotMatch(second.output(), /First start/);
  const got = await fetch(`${base}/print-mail/v1/contacts/${created.id}`, { headers: { 'x-api-key': key } });
  assert.equal(got.status, 200);
  assert.equal((await got.json()).firstName, 'Persist');

  const revoked = await runCli(['keys', 'revoke', key], env);
  assert.equal(revoked.code, 0, revoked.stderr);
  assert.equal(await stopCli(second.child), 0, second.output().slice(-3000));
});
