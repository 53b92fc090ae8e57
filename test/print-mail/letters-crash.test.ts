import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { startTestServer } from '../helpers/harness.js';
import { LETTERS, letterBody, waitForLetter } from '../helpers/letters.js';
import { commandOf, descendants, stillRunning } from '../helpers/process-tree.js';
import { spawnWorker } from '../helpers/spawn-worker.js';

// A worker killed with SIGKILL leaves its render jobs active until pg-boss expires them; the
// test shortens the expiry (3 min in production) and the maintenance interval (2 min) so the
// recovery happens within seconds.
const FAST_RECOVERY = { renderJobExpireSec: 15, jobMaintenanceSec: 3 };

test('a worker killed with SIGKILL in the middle of rendering loses nothing; each letter has one PDF', {
  timeout: 4 * 60_000,
}, async () => {
  const server = await startTestServer(FAST_RECOVERY, { workers: false });
  try {
    const key = await server.key();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await server.request('POST', LETTERS, { key, json: letterBody() })).body.id);
    const { config } = server.runtime;
    const child = await spawnWorker(server, {
      POSTROOM_RENDER_JOB_EXPIRE: String(FAST_RECOVERY.renderJobExpireSec),
      POSTROOM_JOB_MAINTENANCE_INTERVAL: String(FAST_RECOVERY.jobMaintenanceSec),
    });
    await waitForLetter(server, key, ids[0], (l) => Boolean(l.url), 60_000); // rendering is under way
    // Chromium talks to the worker over a pipe and exits when it closes: no orphan browser.
    const browsers = descendants(child.pid!).filter((pid) => commandOf(pid).includes('chromium'));
    assert.ok(browsers.length > 0, 'the worker runs Chromium');
    child.kill('SIGKILL');
    const orphans = await stillRunning(browsers, 30_000);
    for (const pid of orphans) process.kill(pid, 'SIGKILL'); // do not leak them into other tests
    assert.deepEqual(orphans, [], 'every Chromium process exits with its killed worker');
    await server.restart({ workers: true });
    for (const id of ids) assert.ok((await waitForLetter(server, key, id, undefined, 2 * 60_000)).url);
    const pdfs = readdirSync(path.join(config.dataDir, 'blobs/letters/test')).filter((f) =>
      f.endsWith('.pdf'),
    );
    assert.deepEqual(pdfs.sort(), ids.map((id) => `${id}.pdf`).sort());
    const events = await server.request('GET', '/print-mail/v1/events?limit=200', { key });
    const urlEvents = events.body.data.filter((e: any) => e.updatedFields?.includes('url'));
    assert.equal(urlEvents.length, ids.length, 'one url event per letter: none rendered twice');
  } finally {
    await server.close();
  }
});
