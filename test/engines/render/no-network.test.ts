import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { htmlToPdf } from '../../../src/engines/render/browser/html-to-pdf.js';
import { DEFAULT_CHROMIUM_PATH } from '../../../src/engines/render/browser/launch-browser.js';
import { networkIsolation } from '../../../src/engines/render/browser/no-network.js';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { PAGE_SIZES } from '../../../src/engines/render/sizes.js';
import {
  type CountingListener,
  networkVectors,
  startCountingListener,
} from '../../helpers/network-vectors.js';
import { TEST_BROWSER_PRIORITY } from '../../helpers/render-priority.js';

// The printer's own isolation, with nothing in front of it: each vector goes to Chromium
// exactly as written (no inlining, no stripping), and the loopback listener must see nothing.
let listener: CountingListener;
before(async () => {
  listener = await startCountingListener();
});
after(() => listener.close());

const page = (body: string) => `<html><head></head><body><p>printed</p>${body}</body></html>`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

test('control: the same vectors in a Chromium with a network reach the listener', async () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'postroom-control-'));
  const browser = await puppeteer.launch({
    executablePath: DEFAULT_CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    userDataDir,
    pipe: true,
  });
  try {
    const tab = await browser.newPage();
    await tab.setJavaScriptEnabled(false);
    const before = listener.connections();
    const all = networkVectors(listener.port).map((v) => v.html);
    await tab.setContent(page(all.join('')), { waitUntil: 'load' }).catch(() => {});
    await settle();
    assert.ok(listener.connections() > before, 'a browser with a network connects');
    assert.ok(listener.requests().includes('/admin/delete?id=1'), listener.requests().join(' '));
  } finally {
    await browser.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

for (const mode of ['namespace', 'flags'] as const) {
  test(`with its ${mode === 'namespace' ? 'own network namespace' : 'network flags alone'}, Chromium opens no connection for any vector`, async (t) => {
    const available = networkIsolation();
    if (mode === 'namespace' && available.how !== 'namespace') {
      t.skip(`this machine gives Chromium no namespace: ${available.why}`);
      return;
    }
    const pool = new BrowserPool({
      size: 1,
      priority: TEST_BROWSER_PRIORITY,
      networkNamespace: mode === 'namespace',
    });
    try {
      const connections = listener.connections();
      const requests = listener.requests().length;
      for (const vector of networkVectors(listener.port)) {
        // A refresh may navigate the tab away before the print, to the error page of a
        // refused load, which Chromium will not print: the sanitizer drops it in real renders.
        const printed = await htmlToPdf(pool, page(vector.html), PAGE_SIZES.us_letter).catch((err) => {
          if (vector.name !== 'meta refresh') throw new Error(`${vector.name}: ${err.message}`);
        });
        if (vector.name !== 'meta refresh') assert.ok(printed && printed.pdf.length > 500, vector.name);
        await settle();
        assert.equal(listener.connections(), connections, `${vector.name}: no connection`);
      }
      assert.equal(pool.networkIsolation()?.how, mode);
      assert.equal(listener.requests().length, requests);
    } finally {
      await pool.close();
    }
  });
}
