import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { htmlToPdf } from '../../../src/engines/render/browser/html-to-pdf.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { RenderUnavailableError } from '../../../src/engines/render/errors.js';
import { PAGE_SIZES } from '../../../src/engines/render/sizes.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';

const html = '<p>pool test</p>';
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('the pool survives a browser crash: the next render relaunches it', async () => {
  const pool = new BrowserPool({ size: 2, priority: TEST_BROWSER_PRIORITY });
  try {
    await htmlToPdf(pool, html, PAGE_SIZES.us_letter);
    const first = pool.browserPid()!;
    process.kill(first, 'SIGKILL');
    // Until the pool has seen the browser go (a fixed wait was too short on a loaded machine:
    // the next render then met the dying browser).
    for (let i = 0; i < 200 && pool.stats().crashes === 0; i++) await sleep(50);
    const again = await htmlToPdf(pool, html, PAGE_SIZES.us_letter);
    assert.ok(again.pdf.length > 500);
    assert.notEqual(pool.browserPid(), first);
    const stats = pool.stats();
    assert.equal(stats.launches, 2);
    assert.equal(stats.crashes, 1);
    assert.equal(stats.jobs, 2);
    assert.equal(stats.busy, 0);
  } finally {
    await pool.close();
  }
});

test('a job running when the browser dies fails retryably instead of hanging', async () => {
  const pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY, renderTimeoutMs: 20_000 });
  try {
    await pool.warm();
    const started = Date.now();
    const job = pool.withPage(() => sleep(15_000, undefined, { ref: false }));
    await sleep(100);
    process.kill(pool.browserPid()!, 'SIGKILL');
    await assert.rejects(job, RenderUnavailableError);
    assert.ok(Date.now() - started < 5_000);
    // and a real render killed in flight either finishes or fails the same way
    const inFlight = htmlToPdf(pool, html, PAGE_SIZES.us_letter).then(
      () => 'done',
      (err) => (err instanceof RenderUnavailableError ? 'retryable' : `other: ${err}`),
    );
    await sleep(30);
    const pid = pool.browserPid();
    if (pid) process.kill(pid, 'SIGKILL');
    assert.match(await inFlight, /^(done|retryable)$/);
    assert.ok((await htmlToPdf(pool, html, PAGE_SIZES.us_letter)).pdf.length > 500);
  } finally {
    await pool.close();
  }
});

test('a job over the render timeout fails retryably and the pool carries on', async () => {
  const pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY });
  try {
    await assert.rejects(
      pool.withPage(() => sleep(2_000, undefined, { ref: false }), 200),
      /render took over 200 ms/,
    );
    assert.ok((await htmlToPdf(pool, html, PAGE_SIZES.us_letter)).pdf.length > 500);
  } finally {
    await pool.close();
  }
});

test('no more than `size` jobs run at once', async () => {
  const pool = new BrowserPool({ size: 2, priority: TEST_BROWSER_PRIORITY });
  try {
    // Both tabs open first: otherwise on a busy machine (Chromium runs at nice 10) the first tab
    // can serve every job before the second is ready, and the peak is 1.
    await pool.warm();
    let running = 0;
    let peak = 0;
    const job = async () => {
      running++;
      peak = Math.max(peak, running);
      await sleep(50);
      running--;
    };
    await Promise.all(Array.from({ length: 6 }, () => pool.withPage(job)));
    assert.equal(peak, 2);
  } finally {
    await pool.close();
  }
});

test('close ends the browser and later jobs are refused', async () => {
  const pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY });
  await pool.warm();
  const pid = pool.browserPid()!;
  assert.equal(alive(pid), true);
  await pool.close();
  await sleep(100);
  assert.equal(alive(pid), false);
  await assert.rejects(htmlToPdf(pool, html, PAGE_SIZES.us_letter), RenderUnavailableError);
});

test('a missing Chromium binary is a clear retryable error', async () => {
  const pool = new BrowserPool({ executablePath: '/nonexistent/chromium' });
  await assert.rejects(
    htmlToPdf(pool, html, PAGE_SIZES.us_letter),
    /could not start \/nonexistent\/chromium/,
  );
  await pool.close();
});

test('jobs queued behind a crashed browser run on its replacement', async () => {
  const pool = new BrowserPool({ size: 1, priority: TEST_BROWSER_PRIORITY });
  try {
    await pool.warm();
    const first = pool.withPage(() => sleep(10_000, undefined, { ref: false }));
    const queued = [1, 2].map(() => htmlToPdf(pool, html, PAGE_SIZES.us_letter));
    await sleep(100);
    assert.equal(pool.stats().waiting, 2);
    process.kill(pool.browserPid()!, 'SIGKILL');
    await assert.rejects(first, RenderUnavailableError);
    const results = await Promise.all(queued);
    assert.ok(results.every((r) => r.pdf.length > 500));
    assert.equal(pool.stats().launches, 2);
  } finally {
    await pool.close();
  }
});
