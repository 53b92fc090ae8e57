import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Frame, HTTPResponse, Page } from 'puppeteer-core';
import { launchBrowser } from '../../src/engines/render/browser/launch-browser.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { pdfText } from '../helpers/letters.js';

// The editor page in real headless Chromium: open a session's url, type into CodeMirror, see
// the preview (a PDF from the render engine) change, save, and read the template back over
// the API, as a person using the page and the client that made the session would.

const TEMPLATES = '/print-mail/v1/templates';
const SESSIONS = '/print-mail/v1/template_editor_sessions';
const ORIGINAL = '<h1 style="font-size:36px">Hello {{firstName}}</h1>';
let server: TestServer;
let key: string;
let browser: Browser;
let removeProfile: () => Promise<void> = async () => {};

before(async () => {
  server = await startTestServer();
  key = await server.key({ org: 'editor-page-org' });
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

async function newSession(json: Record<string, unknown> = {}) {
  const template = await server.request('POST', TEMPLATES, { key, json: { html: ORIGINAL } });
  assert.equal(template.status, 201, template.text);
  const session = await server.request('POST', SESSIONS, {
    key,
    json: { template: template.body.id, ...json },
  });
  assert.equal(session.status, 201, session.text);
  return { templateId: template.body.id as string, url: session.body.url as string };
}

/** Errors the page logs (a CSP violation is one) and exceptions it throws. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

const isPreview = (text: string) => (res: HTTPResponse) =>
  res.url().endsWith('/preview') && (res.request().postData() ?? '').includes(text);

/**
 * The text of the PDF a preview request of the page renders. The page reads the response as a
 * blob, after which Chromium no longer hands its body to the test: the same request is sent again.
 */
async function previewText(res: HTTPResponse): Promise<string> {
  const again = await fetch(res.url(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: res.request().postData(),
  });
  assert.equal(again.status, 200);
  return pdfText(Buffer.from(await again.arrayBuffer()));
}

interface ImageStats {
  width: number;
  height: number;
  /** Shares of pixels that are black (ink: the PDF viewer's own grey background is lighter) and white. */
  black: number;
  white: number;
  colors: number;
}

/** Decodes a PNG in a blank page of the same browser and measures it. */
async function imageStats(png: Uint8Array): Promise<ImageStats> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, img.width, img.height);
      let black = 0;
      let white = 0;
      const colors = new Set<number>();
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        if (r + g + b < 60) black++;
        if (r > 245 && g > 245 && b > 245) white++;
        colors.add((r << 16) | (g << 8) | b);
      }
      const n = data.length / 4;
      return {
        width: img.width,
        height: img.height,
        black: black / n,
        white: white / n,
        colors: colors.size,
      };
    }, Buffer.from(png).toString('base64'));
  } finally {
    await page.close();
  }
}

/** The preview frame as shown on screen, once `ready` says the PDF viewer has painted what is wanted. */
async function previewShot(page: Page, ready: (s: ImageStats) => boolean): Promise<ImageStats> {
  const box = await (await page.$('#preview'))!.boundingBox();
  assert.ok(box, 'the preview frame is on screen');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const stats = await imageStats(await page.screenshot({ clip: box }));
    if (ready(stats) || Date.now() > deadline) return stats;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('template editor page in Chromium', () => {
  test('open, type, see the preview change, save, and read the template back', {
    timeout: 120_000,
  }, async (t) => {
    const backURL = `${server.url}/healthz`;
    const { templateId, url } = await newSession({ backURL, title: 'Welcome letter' });
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.setViewport({ width: 1280, height: 800 });

    // The first preview: the stored template over sample values, rendered by the engine.
    const firstPreview = page.waitForResponse(isPreview('Hello {{firstName}}'));
    await page.goto(url);
    const first = await firstPreview;
    assert.equal(first.status(), 200);
    assert.equal(first.headers()['content-type'], 'application/pdf');
    assert.match(await previewText(first), /Hello \[firstName\]/);
    await page.waitForSelector('body[data-previews="1"]');
    assert.equal(await page.$eval('#title', (e) => e.textContent), 'Welcome letter');
    // Painted: a white page (the viewer is dark grey until it draws one) with black text on it.
    const before = await previewShot(page, (s) => s.white > 0.5 && s.black > 0.001);
    assert.ok(
      before.white > 0.5 && before.black > 0.001,
      `the first preview shows a page with text (${JSON.stringify(before)})`,
    );

    // Type a black block with some text at the end of the template.
    await page.click('.cm-content');
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    await page.keyboard.press('Enter');
    const typed = '<div style="background:#000;color:#fff;height:3in">Postroom typed this';
    const changed = page.waitForResponse(isPreview('Postroom typed this'), { timeout: 30_000 });
    await page.keyboard.type(typed, { delay: 5 });
    const second = await changed;
    assert.equal(second.status(), 200);
    const secondText = await previewText(second);
    assert.match(secondText, /Hello \[firstName\]/);
    assert.match(secondText, /Postroom typed this/);
    assert.equal(await page.$eval('#status', (e) => e.textContent), 'Unsaved changes');

    // What is on screen changes with it: the block darkens the preview.
    const afterShot = await previewShot(page, (s) => s.white > 0.2 && s.black > before.black + 0.08);
    assert.ok(
      afterShot.white > 0.2 && afterShot.black > before.black + 0.08,
      `the preview shows the page with the black block (black share ${before.black.toFixed(3)} -> ${afterShot.black.toFixed(3)}, white ${afterShot.white.toFixed(3)})`,
    );

    // A screenshot of the whole page: its size, and something drawn on it.
    const file = join(tmpdir(), `postroom-template-editor-${process.pid}.png`);
    const png = await page.screenshot();
    await writeFile(file, png);
    t.diagnostic(`screenshot: ${file}`);
    const shot = await imageStats(png);
    assert.equal(shot.width, 1280);
    assert.equal(shot.height, 800);
    assert.ok(png.length > 20_000, `a screenshot with content is not tiny (${png.length} bytes)`);
    assert.ok(shot.colors > 100, `many colours: editor, syntax colours, preview (${shot.colors})`);
    assert.ok(
      shot.white > 0.2 && shot.white < 0.95,
      `neither blank nor solid (${shot.white.toFixed(2)} white)`,
    );

    assert.deepEqual(problems, [], 'no errors and no CSP violations on the page');

    // Save: the template gets the HTML and the page returns to backURL.
    const navigated = page.waitForNavigation();
    await page.click('#save');
    await navigated;
    assert.equal(page.url(), backURL);
    const saved = await server.request('GET', `${TEMPLATES}/${templateId}`, { key });
    assert.ok(saved.body.html.startsWith(`${ORIGINAL}\n`), saved.body.html);
    assert.ok(saved.body.html.includes(typed), saved.body.html);
    await page.close();
  });

  test('framed by another site: it loads, has no Back button without backURL, and saves', {
    timeout: 120_000,
  }, async () => {
    const { templateId, url } = await newSession({
      styles: { saveButton: { backgroundColor: 'rgb(200, 0, 0)', textColor: '#ffffff' } },
    });
    // Another origin (another port) that frames the editor, as a customer's app would.
    const host: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><iframe id="ed" src="${url}" style="width:1200px;height:700px"></iframe>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const page = await browser.newPage();
    const problems = watchProblems(page);
    try {
      await page.setViewport({ width: 1280, height: 800 });
      const { port } = host.address() as { port: number };
      await page.goto(`http://127.0.0.1:${port}/`);
      const frame = await waitForFrame(page, url);
      await frame.waitForSelector('body[data-ready="true"]');
      assert.equal(await frame.$('#back'), null);
      const color = await frame.$eval('#save', (e) => getComputedStyle(e).backgroundColor);
      assert.equal(color, 'rgb(200, 0, 0)', 'the session styles apply');

      await frame.click('.cm-content');
      await page.keyboard.down('Control');
      await page.keyboard.press('End');
      await page.keyboard.up('Control');
      await page.keyboard.type('<p>framed edit</p>', { delay: 5 });
      await frame.click('#save');
      await frame.waitForFunction(() => document.getElementById('status')?.textContent === 'Saved');
      const saved = await server.request('GET', `${TEMPLATES}/${templateId}`, { key });
      assert.ok(saved.body.html.includes('<p>framed edit</p>'), saved.body.html);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });
});

async function waitForFrame(page: Page, url: string): Promise<Frame> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const frame = page.frames().find((f) => f.url() === url);
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error(`no frame at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
