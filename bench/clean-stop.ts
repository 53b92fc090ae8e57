/**
 * How long Ctrl-C takes to stop `postroom serve` on the embedded PostgreSQL (U2 §2: ≤ 3 s):
 *   node --import tsx bench/clean-stop.ts [--rounds 3]
 * SIGINT goes to the server's whole process group, as a terminal sends it: idle (3 s after it
 * is ready) and busy (a letter's render waiting on an image that never comes). Each round on
 * a fresh data dir; the time is from the signal to the server's exit (cluster stopped last).
 * Prints the times and the error-level lines each stop logged.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/helpers/harness.js';
import { startHeldAsset } from '../test/helpers/held-asset.js';
import { alice, bob } from '../test/helpers/letters.js';
import { startPostroom } from '../test/helpers/postroom-process.js';
import { arg } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';

const ROUNDS = Number(arg('rounds', '3'));

async function stopTime(busy: boolean): Promise<{ ms: number; errors: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postroom-bench-stop-'));
  const env = { POSTROOM_DATA_DIR: dataDir, PORT: String(port), POSTROOM_ALLOW_PRIVATE_URLS: 'true' };
  const held = await startHeldAsset();
  const server = await startPostroom('serve', env, 180_000, { ownGroup: true });
  if (busy) {
    const key = /print-mail\s+(test_sk_\S+)/.exec(server.output())![1];
    const html = `<p>Held</p><img src="${held.url('held')}">`;
    await fetch(`${base}/print-mail/v1/letters`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ to: alice, from: bob, html }),
    });
    while (held.requests === 0) await new Promise((r) => setTimeout(r, 100));
  } else await new Promise((r) => setTimeout(r, 3000));
  const started = performance.now();
  await server.interrupt();
  const ms = performance.now() - started;
  await held.close();
  const errors = server
    .output()
    .split('\n')
    .filter((l) => /"level":(50|60)\b|\[error\]/.test(l)).length;
  return { ms, errors };
}

console.log(`${machine()}; load ${os.loadavg()[0].toFixed(1)}; ${ROUNDS} rounds each`);
for (const busy of [false, true]) {
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await stopTime(busy));
  const times = runs.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ');
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  console.log(`${busy ? 'busy (a render in flight)' : 'idle'}: ${times}; error-level lines: ${errors}`);
}
