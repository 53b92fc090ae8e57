import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../helpers/free-port.js';
import { startHeldAsset } from '../helpers/held-asset.js';
import { alice, bob } from '../helpers/letters.js';
import { call, eventually, type PostroomProcess, startPostroom } from '../helpers/postroom-process.js';
import { descendants, stillRunning } from '../helpers/process-tree.js';

// Ctrl-C on `postroom serve` with the embedded PostgreSQL: SIGINT to the whole process group,
// as a terminal sends it. The server stops by itself, cluster last: no error-level line (the
// cluster used to get the SIGINT too and cut every connection while jobs were finishing),
// nothing left running, and a render cut short runs again at the next start. How long a stop
// takes is measured by bench/clean-stop.ts, not here.
let env: Record<string, string>;
let base: string;
let held: Awaited<ReturnType<typeof startHeldAsset>>;
const started: PostroomProcess[] = [];
before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    POSTROOM_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'postroom-stop-')),
    PORT: String(port),
    POSTROOM_PUBLIC_URL: base,
    POSTROOM_ALLOW_PRIVATE_URLS: 'true',
    POSTROOM_RATE_LIMIT: '0',
  };
  held = await startHeldAsset();
});
after(async () => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) await p.kill();
  await held.close();
});

async function serve(): Promise<PostroomProcess> {
  const p = await startPostroom('serve', env, 180_000, { ownGroup: true });
  started.push(p);
  return p;
}

/** Error- and fatal-level log lines, and the embedded cluster's own errors. */
const errorLines = (p: PostroomProcess) =>
  p
    .output()
    .split('\n')
    .filter((l) => /"level":(50|60)\b/.test(l) || /\[error\]|FATAL:/.test(l));

async function interrupted(p: PostroomProcess): Promise<void> {
  const tree = descendants(p.pid);
  assert.ok(tree.length > 0, 'serve runs its cluster, render child and browser');
  await p.interrupt();
  assert.equal(await p.exited, 0, p.output().slice(-2000));
  assert.deepEqual(errorLines(p), []);
  assert.deepEqual(await stillRunning(tree, 5000), [], 'the cluster, render child and browsers are gone');
}

test('Ctrl-C on an idle server: exit 0, no error line, nothing left running', {
  timeout: 300_000,
}, async () => {
  await interrupted(await serve());
});

test('Ctrl-C mid-render: the render is cut short cleanly and runs again at the next start', {
  timeout: 300_000,
}, async () => {
  // A data dir of its own: a first start prints the organization's test keys.
  env.POSTROOM_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'postroom-stop-'));
  const first = await serve();
  const key = /print-mail\s+(test_sk_\S+)/.exec(first.output())?.[1];
  assert.ok(key, first.output());
  const created = await call(base, 'POST', '/print-mail/v1/letters', {
    key,
    json: { to: alice, from: bob, html: `<p>Held</p><img src="${held.url('held')}">` },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await eventually('the render waits on its image', async () => held.requests > 0);
  await interrupted(first);

  held.release();
  const second = await serve();
  const letter = await eventually('the letter rendered after the restart', async () => {
    const got = await call(base, 'GET', `/print-mail/v1/letters/${created.body.id}`, { key });
    return got.body.url ? got.body : undefined;
  });
  assert.equal(letter.status, 'ready');
  await interrupted(second);
});
