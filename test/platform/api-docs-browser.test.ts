import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { launchBrowser } from '../../src/engines/render/browser/launch-browser.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

let server: TestServer;
let browser: Browser;
let removeProfile: () => Promise<void> = async () => {};

before(async () => {
  server = await startTestServer({}, { workers: false });
  // The renderer's own launch (flags, pipe, throwaway profile), at normal priority, with a network to browse.
  ({ browser, cleanup: removeProfile } = await launchBrowser(server.runtime.config.chromiumPath, {
    timeoutMs: 60_000,
    priority: { niceness: 0, idle: false },
    network: 'loopback',
  }));
});
after(async () => {
  await browser?.close();
  await removeProfile();
  await server.close();
});

test('in a browser, /docs shows Postroom: logo, title, /openapi.json, sections in order, examples', async () => {
  const doc = (await server.request('GET', '/openapi.json')).body;
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(true);
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/docs/`);
  await page.waitForSelector('.opblock-tag', { timeout: 60_000 });
  const shown = await page.evaluate(() => ({
    title: document.title,
    heading: document.querySelector('.info .title')?.textContent ?? '',
    logo: document.querySelector<HTMLImageElement>('.topbar a img')?.src ?? '',
    definition: document.querySelector('.topbar select')?.textContent ?? '',
    sections: [...document.querySelectorAll('.opblock-tag')].map((el) => el.getAttribute('data-tag')),
    operations: document.querySelectorAll('.opblock').length,
  }));
  assert.equal(shown.title, 'Postroom API reference');
  assert.match(shown.heading, /^Postroom API/);
  const svg = Buffer.from(shown.logo.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
  assert.match(svg, />Postroom<\/text>/);
  assert.match(shown.definition, /\/openapi\.json/);
  assert.ok(loaded.includes('/openapi.json'), 'the page loads /openapi.json');
  assert.ok(!loaded.includes('/docs/json'), 'and not the plugin’s copy');
  assert.deepEqual(
    shown.sections,
    doc.tags.map((t: { name: string }) => t.name),
  );
  const count = Object.values(doc.paths as Record<string, object>).reduce(
    (n, item) => n + Object.keys(item).length,
    0,
  );
  assert.equal(shown.operations, count);

  // An operation opened shows its example request.
  await page.click('#operations-Contacts-post_print_mail_v1_contacts .opblock-summary-control');
  const example = await page.waitForSelector(
    '#operations-Contacts-post_print_mail_v1_contacts .opblock-description pre',
  );
  assert.match(
    (await example!.evaluate((el) => el.textContent)) ?? '',
    /^curl -X POST 'http:\/\/localhost:8080\/print-mail\/v1\/contacts'/,
  );
  await page.close();
});
