import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody, waitForLetter } from '../helpers/letters.js';
import { commandOf, descendants, statFields, stillRunning } from '../helpers/process-tree.js';
import { spawnWorker } from '../helpers/spawn-worker.js';

// Jobs held by a killed process run again once pg-boss expires them (3 min in production).
const FAST_RECOVERY = { renderJobExpireSec: 15, jobMaintenanceSec: 3 };
const SCHED_IDLE = 5; // sched_setscheduler(2)

const isRenderChild = (pid: number) => commandOf(pid).includes('render-child-main');
const chromiumsUnder = (pid: number) => descendants(pid).filter((p) => commandOf(p).includes('chromium'));

async function createLetters(server: TestServer, key: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await server.request('POST', LETTERS, { key, json: letterBody() });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    ids.push(res.body.id);
  }
  return ids;
}

/** Every letter rendered exactly once: one PDF file and one `url` event each. */
async function assertRenderedOnce(server: TestServer, key: string, ids: string[]): Promise<void> {
  for (const id of ids) assert.ok((await waitForLetter(server, key, id, undefined, 2 * 60_000)).url, id);
  const dir = path.join(server.runtime.config.dataDir, 'blobs/letters/test');
  const pdfs = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
  assert.deepEqual(pdfs.sort(), ids.map((id) => `${id}.pdf`).sort());
  const events = await server.request('GET', '/print-mail/v1/events?limit=200', { key });
  const urlEvents = events.body.data.filter((e: any) => e.updatedFields?.includes('url'));
  assert.equal(urlEvents.length, ids.length, 'one url event per letter: none rendered twice');
}

async function until<T>(what: string, get: () => T | undefined, withinMs = 60_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('renders happen in a child process at the lowest priority, restarted after a crash with nothing lost', {
  timeout: 4 * 60_000,
}, async () => {
  // The production default, which this test asserts (other test servers render at nice 0).
  const server = await startTestServer({
    ...FAST_RECOVERY,
    renders: 'child',
    renderNice: 19,
    renderIdle: true,
  });
  let lastChild = 0;
  try {
    const key = await server.key();
    const ids = await createLetters(server, key, 8);
    await waitForLetter(server, key, ids[0], (l) => Boolean(l.url), 60_000);
    const first = server.runtime.renderChild!.pid!;
    assert.ok(isRenderChild(first), `pid ${first} is the render child: ${commandOf(first)}`);

    // Every thread of the child (V8's GC and compiler threads, libuv's, the render thread) is at
    // nice 19 under SCHED_IDLE; this process, which serves the API, is not lowered.
    const tasks = readdirSync(`/proc/${first}/task`);
    assert.ok(tasks.length > 4, `the child's threads: ${tasks.length}`);
    for (const tid of tasks) {
      const fields = statFields(`/proc/${first}/task/${tid}/stat`);
      assert.equal(Number(fields[19 - 3]), 19, `thread ${tid}'s nice value`);
      assert.equal(Number(fields[41 - 3]), SCHED_IDLE, `thread ${tid}'s scheduling policy`);
    }
    assert.equal(Number(statFields(`/proc/${process.pid}/stat`)[19 - 3]), 0, 'the API process keeps nice 0');
    // Chromium runs below the child, and this process starts none of its own.
    const browsers = chromiumsUnder(first);
    assert.ok(browsers.length > 0, 'the child runs Chromium');
    assert.deepEqual(
      chromiumsUnder(process.pid).filter((p) => !browsers.includes(p)),
      [],
      'no Chromium outside the child',
    );

    // Ctrl-C reaches the whole process group; the child leaves stopping to its parent.
    process.kill(first, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.deepEqual(await stillRunning([first], 0), [first], 'the child ignores SIGINT');
    assert.equal(server.runtime.renderChild!.pid, first);

    // Killed in the middle of rendering: a new child takes over and the killed one's jobs run again.
    ids.push(...(await createLetters(server, key, 8)));
    process.kill(first, 'SIGKILL');
    assert.deepEqual(await stillRunning(browsers, 30_000), [], "the killed child's Chromium exits with it");
    lastChild = await until('a new render child', () => {
      const pid = server.runtime.renderChild!.pid;
      return pid && pid !== first ? pid : undefined;
    });
    await assertRenderedOnce(server, key, ids);
  } finally {
    await server.close();
  }
  // The server stops its child (and the child its Chromium) as it stops.
  assert.deepEqual(
    await stillRunning([lastChild].filter(Boolean), 5_000),
    [],
    'the child stopped with its server',
  );
});

test('a worker killed with SIGKILL takes its render child and Chromium with it; nothing is lost', {
  timeout: 4 * 60_000,
}, async () => {
  const server = await startTestServer(FAST_RECOVERY, { workers: false });
  try {
    const key = await server.key();
    const ids = await createLetters(server, key, 10);
    const worker = await spawnWorker(server, {
      POSTROOM_RENDERS: 'child',
      POSTROOM_RENDER_JOB_EXPIRE: String(FAST_RECOVERY.renderJobExpireSec),
      POSTROOM_JOB_MAINTENANCE_INTERVAL: String(FAST_RECOVERY.jobMaintenanceSec),
    });
    await waitForLetter(server, key, ids[0], (l) => Boolean(l.url), 60_000);
    const child = descendants(worker.pid!).find(isRenderChild);
    assert.ok(child, 'the worker started a render child');
    const browsers = chromiumsUnder(child);
    assert.ok(browsers.length > 0, 'the render child runs Chromium');

    worker.kill('SIGKILL');
    // The child sees its stdin close, finishes or drops its jobs in hand, and exits.
    const orphans = await stillRunning([child, ...browsers], 30_000);
    for (const pid of orphans) process.kill(pid, 'SIGKILL'); // do not leak them into other tests
    assert.deepEqual(orphans, [], 'the render child and its Chromium exit with their killed parent');

    await server.restart({ workers: true });
    await assertRenderedOnce(server, key, ids);
  } finally {
    await server.close();
  }
});

test('POSTROOM_RENDERS=elsewhere: the server renders nothing; a worker process renders its letters', {
  timeout: 3 * 60_000,
}, async () => {
  const server = await startTestServer({ renders: 'elsewhere' });
  try {
    const key = await server.key();
    const ids = await createLetters(server, key, 2);
    assert.equal(server.runtime.renderChild, undefined, 'no render child');
    // Long enough for the server to have rendered them (a letter takes 1–2 s with a cold browser).
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (const id of ids) {
      const letter = await server.request('GET', `${LETTERS}/${id}`, { key });
      assert.ok(!letter.body.url, `${id} is not rendered by the server`);
    }
    const worker = await spawnWorker(server); // renders in its own render thread
    try {
      await assertRenderedOnce(server, key, ids);
    } finally {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
  } finally {
    await server.close();
  }
});
