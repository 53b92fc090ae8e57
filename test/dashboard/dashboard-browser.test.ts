import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser } from '../../src/engines/render/browser/launch-browser.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// The dashboard in real headless Chromium, as a person uses it: sign in with a key, make a
// contact and letters through the forms, watch a letter's PDF appear, cancel one, make and
// revoke a key, see a webhook's failed invocation. Screenshots go to test-artifacts/dashboard/.

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'dashboard');
const LONG = 120_000; // generous waits for renders on a loaded machine; nothing here is timed
let server: TestServer;
let key: string;
let browser: Browser;
let page: Page;
let removeProfile: () => Promise<void> = async () => {};
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const problems: string[] = [];

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startTestServer();
  key = await server.key({ org: 'dashboard-browser' });
  receiver = await startReceiver(() => 500);
  // The renderer's own launch (flags, pipe, throwaway profile), at normal priority.
  ({ browser, cleanup: removeProfile } = await launchBrowser(server.runtime.config.chromiumPath, {
    timeoutMs: 60_000,
    priority: { niceness: 0, idle: false },
    network: 'loopback',
  }));
  page = await browser.newPage();
  // Errors the pages log (a CSP violation is one) and exceptions they throw: none expected.
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e}`));
  await page.setViewport({ width: 1280, height: 900 });
  page.setDefaultTimeout(LONG);
});
after(async () => {
  await browser?.close();
  await removeProfile();
  await receiver?.close();
  await server?.close();
});

const url = (path: string) => `${server.url}/dashboard${path}`;

/** Clicks something that submits or navigates, and waits for the next page. */
async function clickAndWait(selector: string) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

async function goto(path: string) {
  const res = await page.goto(url(path), { waitUntil: 'load' });
  assert.ok(res, path);
  return res;
}

async function fill(selector: string, text: string) {
  await page.$eval(selector, (el) => {
    (el as HTMLInputElement).value = '';
  });
  await page.type(selector, text);
}

/** A screenshot kept as a test artifact, checked to show something: many colours, not one flat field. */
async function screenshot(name: string): Promise<void> {
  const png = Buffer.from(await page.screenshot({ fullPage: false }));
  writeFileSync(join(ARTIFACTS, `${name}.png`), png);
  const image = PNG.sync.read(png);
  const { data } = image;
  let sum = 0;
  let sumSq = 0;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4) {
    const grey = (data[i] + data[i + 1] + data[i + 2]) / 3;
    sum += grey;
    sumSq += grey * grey;
    colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  }
  const n = data.length / 4;
  const variance = sumSq / n - (sum / n) ** 2;
  assert.ok(variance > 100, `${name}: the screenshot is nearly blank (variance ${variance.toFixed(1)})`);
  assert.ok(colours.size > 20, `${name}: only ${colours.size} colours`);
}

/** Every visible form control has a label a screen reader announces. */
async function assertLabelled(name: string) {
  const unlabelled = await page.$$eval('input:not([type=hidden]), select, textarea', (els) =>
    els
      .filter((el) => {
        const control = el as HTMLInputElement;
        return (control.labels?.length ?? 0) === 0 && !control.getAttribute('aria-label');
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  assert.deepEqual(unlabelled, [], `${name}: controls without a label`);
}

const orderIdFromUrl = () => {
  const m = /\/dashboard\/orders\/(letter_[A-Za-z0-9]+)/.exec(page.url());
  assert.ok(m, `an order page: ${page.url()}`);
  return m[1];
};

let contactId = '';

test('sign in with the key, then the session cookie is HttpOnly and SameSite=Strict', async () => {
  await goto('');
  assert.match(page.url(), /\/dashboard\/sign-in$/);
  await assertLabelled('sign-in');
  await screenshot('sign-in');
  await page.type('#credential', key);
  await clickAndWait('form[action="/dashboard/sign-in"] button[type=submit]');
  assert.match(page.url(), /\/dashboard\/orders$/);
  assert.ok(!page.url().includes(key));
  assert.ok(!(await page.content()).includes(key), 'the key is not in the page after sign-in');
  const cookie = (await browser.cookies()).find((c) => c.name === 'postroom_session');
  assert.ok(cookie);
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Strict');
  assert.ok(cookie.expires > Date.now() / 1000, 'the cookie has an expiry');
  assert.equal(await page.evaluate(() => document.cookie.includes('postroom_session')), false);
});

test('create a contact and a letter through the pages; the letter is ready and its PDF appears in the page', async () => {
  await goto('/contacts/new');
  await assertLabelled('new contact');
  await page.type('#f-firstName', 'Kevin');
  await page.type('#f-lastName', 'Browser');
  await page.type('#f-addressLine1', '90 Canal St');
  await page.type('#f-city', 'Boston');
  await page.type('#f-provinceOrState', 'MA');
  await page.type('#f-postalOrZip', '02114');
  await clickAndWait('form[action="/dashboard/contacts/new"] button[type=submit]');
  const m = /\/dashboard\/contacts\/(contact_[A-Za-z0-9]+)$/.exec(page.url());
  assert.ok(m, page.url());
  contactId = m[1];
  assert.match(await page.$eval('main', (el) => el.textContent ?? ''), /Kevin Browser/);

  await clickAndWait('a[href^="/dashboard/orders/new?kind=letter"]');
  await assertLabelled('new letter');
  assert.equal(await page.$eval('#f-to', (el) => (el as HTMLInputElement).value), contactId);
  await fill('#f-from', contactId);
  await page.type(
    '#f-html',
    '<h1 style="font-size:48px">Hello {{to.firstName}}</h1><p>From the dashboard test.</p>',
  );
  await page.type('#f-description', 'dashboard letter');
  await clickAndWait('form[action="/dashboard/orders/new"] button[type=submit]');
  const letterId = orderIdFromUrl();
  assert.match(await page.$eval('#order-live h2', (el) => el.textContent ?? ''), /ready/);

  // The render finishes in the background; htmx polls the status part until the PDF is there.
  await page.waitForSelector('.pdf[data-pdf-state="shown"]', { timeout: LONG });
  const ink = await page.$eval('.pdf canvas', (el) => {
    const canvas = el as HTMLCanvasElement;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 200) dark++;
    return { dark, width: canvas.width };
  });
  assert.ok(ink.width > 100, 'the page is drawn at a readable size');
  assert.ok(ink.dark > 500, `the PDF page has text on it (${ink.dark} dark pixels)`);
  const api = await server.request('GET', `/print-mail/v1/letters/${letterId}`, { key });
  assert.equal(api.body.status, 'ready');
  assert.ok(api.body.url, 'the API sees the rendered PDF too');
  await screenshot('order');

  // Test mode: the progress button moves it one step.
  await clickAndWait('form[action$="/progress"] button');
  assert.match(await page.$eval('#order-live h2', (el) => el.textContent ?? ''), /printing/);
  assert.match(await page.$eval('.timeline', (el) => el.textContent ?? ''), /ready → printing/);
  assert.equal(
    (await server.request('GET', `/print-mail/v1/letters/${letterId}`, { key })).body.status,
    'printing',
  );
});

test('cancel a letter from its page', async () => {
  await goto(`/orders/new?kind=letter&to=${contactId}`);
  await fill('#f-from', contactId);
  await page.type('#f-html', '<p>To be cancelled</p>');
  await clickAndWait('form[action="/dashboard/orders/new"] button[type=submit]');
  const letterId = orderIdFromUrl();
  await clickAndWait('form[action$="/cancel"] button');
  assert.match(await page.$eval('#order-live h2', (el) => el.textContent ?? ''), /cancelled/);
  assert.match(
    await page.$eval('.notice', (el) => el.textContent ?? ''),
    new RegExp(`Cancelled ${letterId}`),
  );
  assert.equal(
    (await server.request('GET', `/print-mail/v1/letters/${letterId}`, { key })).body.status,
    'cancelled',
  );

  // The list filters by status and finds it by text.
  await goto(`/orders?kind=letter&status=cancelled`);
  const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
  assert.equal(rows.length, 1);
  assert.ok(rows[0].includes(letterId));
  await goto(`/orders?kind=letter&q=${encodeURIComponent('dashboard letter')}`);
  assert.equal((await page.$$('tbody tr')).length, 1, 'search finds the letter by its description');
  await goto('/orders');
  await assertLabelled('orders');
  await screenshot('orders');
});

test('all kinds: letters and a postcard in one table with their kind, filtered by the same form', async () => {
  const postcard = await server.request('POST', '/print-mail/v1/postcards', {
    key,
    json: {
      to: contactId,
      size: '6x4',
      frontHTML: '<p>Front</p>',
      backHTML: '<p>Back</p>',
      description: 'dashboard postcard',
    },
  });
  assert.equal(postcard.status, 201, postcard.text);
  const kindsShown = () =>
    page.$$eval('tbody tr', (trs) =>
      trs.map((tr) => [
        (tr as HTMLTableRowElement).cells[0].textContent?.trim(),
        (tr as HTMLTableRowElement).cells[1].textContent?.trim(),
      ]),
    );
  await goto('/orders');
  assert.equal(await page.$eval('nav.tabs a[aria-current="page"]', (el) => el.textContent), 'All kinds');
  assert.deepEqual(await page.$$eval('thead th', (ths) => ths.map((th) => th.textContent)), [
    'Order',
    'Kind',
    'To',
    'Status',
    'Created',
    'Description',
  ]);
  const rows = await kindsShown();
  assert.deepEqual(rows[0], [postcard.body.id, 'postcard'], 'the newest order, a postcard, comes first');
  assert.equal(rows.filter(([, kind]) => kind === 'letter').length, 2, 'and both letters');

  await page.select('#status', 'cancelled');
  await clickAndWait('form[role="search"] button[type=submit]');
  assert.match(page.url(), /kind=all/);
  const cancelled = await kindsShown();
  assert.equal(cancelled.length, 1);
  assert.match(cancelled[0][0] ?? '', /^letter_/);
  assert.equal(cancelled[0][1], 'letter');

  await goto('/orders');
  await page.type('#q', 'dashboard postcard');
  await clickAndWait('form[role="search"] button[type=submit]');
  assert.deepEqual(await kindsShown(), [[postcard.body.id, 'postcard']]);
});

test('create a key (shown once) and revoke it', async () => {
  await goto('/keys');
  await assertLabelled('keys');
  await page.select('#product', 'addver');
  await clickAndWait('form[action="/dashboard/keys"] button[type=submit]');
  const created = (await page.$eval('#new-key', (el) => el.textContent ?? '')).trim();
  assert.match(created, /^test_sk_/);
  const hint = `${created.slice(0, 8)}…${created.slice(-4)}`;
  // Shown once: the list shows only its hint afterwards.
  await goto('/keys');
  assert.ok(!(await page.content()).includes(created));
  const rowId = await page.$$eval(
    'tbody tr',
    (trs, h) => trs.find((tr) => tr.textContent?.includes(h as string))?.id,
    hint,
  );
  assert.ok(rowId, 'the new key is listed by its hint');
  await clickAndWait(`tr[id="${rowId}"] form button`);
  assert.match(await page.$eval(`tr[id="${rowId}"]`, (el) => el.textContent ?? ''), /revoked/);
  const refused = await server.request('GET', '/v1/addver', { key: created });
  assert.equal(refused.status, 401, 'the revoked key no longer works');
});

test('the Copy button puts a new key on the clipboard, or selects it where there is no clipboard API', async () => {
  await browser
    .defaultBrowserContext()
    .setPermission(
      server.url,
      { permission: { name: 'clipboard-read' }, state: 'granted' },
      { permission: { name: 'clipboard-write' }, state: 'granted' },
    );
  await goto('/keys');
  assert.equal(await page.$('button[data-copy]'), null, 'no Copy button without a new key');
  await clickAndWait('form[action="/dashboard/keys"] button[type=submit]');
  const created = (await page.$eval('#new-key', (el) => el.textContent ?? '')).trim();
  assert.match(created, /^test_sk_/);
  const copy = 'button[data-copy="new-key"]';
  assert.equal(await page.$eval(copy, (b) => (b as HTMLButtonElement).hidden), false, 'copy.js shows it');
  await page.bringToFront();
  await page.click(copy);
  await page.waitForFunction(() => document.getElementById('new-key-copied')?.textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), created);

  // Where the page has no clipboard API (plain HTTP away from localhost): the key is selected.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    window.getSelection()?.removeAllRanges();
  });
  await page.click(copy);
  await page.waitForFunction(() =>
    document.getElementById('new-key-copied')?.textContent?.startsWith('Selected'),
  );
  assert.equal(await page.evaluate(() => window.getSelection()?.toString().trim()), created);
});

test('a webhook whose receiver answers 500 shows the failed invocation, and resend sends it again', async () => {
  await goto('/webhooks');
  await assertLabelled('webhooks');
  await page.type('#url', receiver.url());
  await page.type('#description', 'failing receiver');
  await page.click('input[name="enabledEvents"][value="letter.created"]');
  await clickAndWait('form[action="/dashboard/webhooks"] button[type=submit]');
  const webhookPath = new URL(page.url()).pathname;
  assert.match(webhookPath, /^\/dashboard\/webhooks\/webhook_/);

  const contact = await server.request('POST', '/print-mail/v1/letters', {
    key,
    json: { to: contactId, from: contactId, html: '<p>webhook</p>' },
  });
  assert.equal(contact.status, 201, contact.text);
  await receiver.waitFor(1, () => true, LONG);
  // The invocation is recorded after the attempt: reload until the page lists it.
  const until = Date.now() + LONG;
  while (!(await page.$('[data-status-code="500"]'))) {
    assert.ok(Date.now() < until, 'the failed invocation appears');
    await new Promise((r) => setTimeout(r, 500));
    await page.reload({ waitUntil: 'load' });
  }
  assert.match(await page.$eval('tr.invocation', (el) => el.textContent ?? ''), /letter\.created/);
  await screenshot('webhook');
  await clickAndWait('tr.invocation form button');
  assert.match(await page.$eval('.notice', (el) => el.textContent ?? ''), /again/);
  await receiver.waitFor(2, () => true, LONG);

  // Disable it from its page.
  await clickAndWait('form[action$="/enabled"] button');
  assert.match(await page.$eval('#wh-h', (el) => el.textContent ?? ''), /Disabled/);
});

test('the main pages render, label their controls, and fit a phone', async () => {
  const template = await server.request('POST', '/print-mail/v1/templates', {
    key,
    json: { description: 'welcome', html: '<h1 style="font-size:40px">Welcome {{to.firstName}}</h1>' },
  });
  assert.equal(template.status, 201);
  await goto(`/templates/${template.body.id}`);
  await page.waitForSelector('.pdf[data-pdf-state="shown"]', { timeout: LONG });
  await screenshot('template');
  await clickAndWait('form[action$="/edit"] button');
  assert.match(new URL(page.url()).pathname, /^\/editor\//, 'edit opens the template editor page');

  for (const name of ['contacts', 'events', 'templates', 'verify']) {
    await goto(`/${name}`);
    await assertLabelled(name);
    await screenshot(name);
  }
  await page.type('#address', '1 Main St, Nowhere ZZ 00000');
  await clickAndWait('form[action="/dashboard/verify"] button[type=submit]');
  assert.match(await page.$eval('.verdict', (el) => el.textContent ?? ''), /Verified|Corrected|Failed/);

  // The skip link is the first stop for the keyboard.
  await goto('/orders');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');

  await page.setViewport({ width: 390, height: 844, isMobile: true });
  try {
    for (const path of ['/orders', '/keys', '/webhooks']) {
      await goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${path} fits 390px (overflows by ${overflow}px)`);
      await screenshot(`phone-${path.slice(1)}`);
    }
  } finally {
    await page.setViewport({ width: 1280, height: 900 });
  }
});

test("a postcard's page draws what Postroom covers over its back; the switch hides it", async () => {
  const postcard = await server.request('POST', '/print-mail/v1/postcards', {
    key,
    json: {
      to: contactId,
      from: contactId,
      size: '6x4',
      frontHTML: '<p>Front</p>',
      backHTML:
        '<body style="margin:0;background:#cce0ff"><p style="margin:0.4in;width:2in;font:16px sans-serif">' +
        'A message on the left of the back, which Postroom leaves as it is.</p></body>',
    },
  });
  assert.equal(postcard.status, 201, postcard.text);
  await goto(`/orders/${postcard.body.id}`);
  await page.waitForSelector('.pdf[data-pdf-state="shown"]', { timeout: LONG });
  // the zones are on page 2, the back, placed as the render engine places them
  const drawn = await page.$$eval('.pdf-page', (pages) =>
    pages.map((p) => {
      const canvas = p.querySelector('canvas')!.getBoundingClientRect();
      return [...p.querySelectorAll<HTMLElement>('.pdf-zone')].map((z) => {
        const box = z.getBoundingClientRect();
        const visible = z.getClientRects().length > 0;
        return { name: z.dataset.zone, left: (box.left - canvas.left) / canvas.width, visible };
      });
    }),
  );
  assert.equal(drawn.length, 2);
  assert.deepEqual(drawn[0], [], 'nothing over the front');
  const names = drawn[1].map((z) => z.name);
  assert.deepEqual(names, ['address-area', 'return', 'recipient', 'postage', 'barcode']);
  const area = drawn[1][0];
  // 6x4: the ink-free zone is the right 3.5 in of the 6 in back, on a page 6.25 in wide with bleed
  assert.ok(Math.abs(area.left - (0.125 + 2.5) / 6.25) < 0.01, `ink-free zone at ${area.left}`);
  assert.ok(drawn[1].every((z) => z.visible));
  await page.$eval('.pdf-page:nth-child(2)', (el) => el.scrollIntoView());
  await screenshot('postcard-zones');

  await page.click('[data-zones-toggle]');
  // A box under a hidden overlay has no boxes of its own on the page.
  const shown = await page.$$eval('.pdf-zone', (zs) => zs.map((z) => z.getClientRects().length));
  assert.deepEqual(shown, [0, 0, 0, 0, 0], 'the switch hides the zones');
});

test('no page logged an error or broke its content security policy', () => {
  // 404 pages are asked for on purpose nowhere above; anything here is a real problem.
  assert.deepEqual(problems, []);
});

test('signing out ends the session in the browser too', async () => {
  await goto('/orders');
  await clickAndWait('form[action="/dashboard/sign-out"] button');
  assert.match(page.url(), /\/dashboard\/sign-in$/);
  assert.match(await page.$eval('.notice', (el) => el.textContent ?? ''), /Signed out/);
  await goto('/orders');
  assert.match(page.url(), /\/dashboard\/sign-in$/);
});
