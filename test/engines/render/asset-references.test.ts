import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type AssetKind, rewriteHtml } from '../../../src/engines/render/assets/asset-references.js';
import { inlineAssets } from '../../../src/engines/render/assets/inline-assets.js';
import { RenderInputError, RenderUnavailableError } from '../../../src/engines/render/errors.js';
import { SafeFetchError } from '../../../src/platform/safe-fetch-error.js';

function references(html: string): Array<[string, AssetKind]> {
  const found: Array<[string, AssetKind]> = [];
  rewriteHtml(html, (url, kind) => {
    found.push([url, kind]);
    return undefined;
  });
  return found;
}

test('asset references are found in tags, srcset, styles and stylesheet links; hyperlinks are not', () => {
  const html = `
    <img src="https://a.test/1.png" alt=x><img srcset="https://a.test/2.png 1x, https://a.test/3.png 2x">
    <a href="https://a.test/page">link</a><link rel="icon" href="https://a.test/favicon.ico">
    <link href='https://a.test/s.css' rel="stylesheet"><svg><image href="https://a.test/4.svg"/></svg>
    <div style="background: url('https://a.test/5.jpg')">x</div><td background=https://a.test/6.gif>
    <style>@import "https://a.test/t.css"; body { background: url(https://a.test/7.png) }</style>
    <p>some text mentioning url(https://a.test/not-css) outside CSS</p>`;
  assert.deepEqual(references(html), [
    ['https://a.test/1.png', 'image'],
    ['https://a.test/2.png', 'image'],
    ['https://a.test/3.png', 'image'],
    ['https://a.test/s.css', 'stylesheet'],
    ['https://a.test/4.svg', 'image'],
    ['https://a.test/6.gif', 'image'],
    ['https://a.test/t.css', 'stylesheet'],
    ['https://a.test/7.png', 'css-resource'],
    ['https://a.test/5.jpg', 'css-resource'],
  ]);
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

test('fetched assets become data URLs with a sniffed type when the server is vague', async () => {
  const fetched: string[] = [];
  const out = await inlineAssets('<img src="//cdn.test/logo.png"><img src="logo.png">', async (url) => {
    fetched.push(url);
    return { bytes: png, contentType: 'application/octet-stream' };
  });
  assert.deepEqual(fetched, ['https://cdn.test/logo.png']);
  assert.match(out.html, /^<img src="data:image\/png;base64,iVBORwECAw=="><img src="logo.png">$/);
  assert.equal(out.warnings.length, 1);
  assert.match(out.warnings[0], /"logo\.png" is not an absolute/);
});

test('stylesheet resources resolve against the stylesheet URL', async () => {
  const out = await inlineAssets('<link rel=stylesheet href="https://cdn.test/css/a.css">', async (url) => {
    if (url.endsWith('.css'))
      return { bytes: new TextEncoder().encode('p{background:url(../img/b.png)}'), contentType: 'text/css' };
    assert.equal(url, 'https://cdn.test/img/b.png');
    return { bytes: png, contentType: 'image/png' };
  });
  const css = Buffer.from(out.html.match(/data:text\/css;base64,([^"]+)/)![1], 'base64').toString();
  assert.match(css, /url\("data:image\/png;base64,/);
});

test('fetch failures: permanent ones are bad content, transient ones are retryable', async () => {
  const refuse = (err: Error) => async () => {
    throw err;
  };
  const permanent = new SafeFetchError('http_status', 'https://x.test/a.png', 'answered HTTP 404', 404);
  await assert.rejects(inlineAssets('<img src="https://x.test/a.png">', refuse(permanent)), RenderInputError);
  const transient = new SafeFetchError('timeout', 'https://x.test/a.png', 'timed out');
  await assert.rejects(
    inlineAssets('<img src="https://x.test/a.png">', refuse(transient)),
    RenderUnavailableError,
  );
});

test('the number of assets is limited', async () => {
  const html = Array.from({ length: 41 }, (_, i) => `<img src="https://x.test/${i}.png">`).join('');
  await assert.rejects(
    inlineAssets(html, async () => ({ bytes: png, contentType: 'image/png' })),
    (err: unknown) => err instanceof RenderInputError && err.code === 'asset_limit',
  );
});

test('relative references resolve against <base href>', async () => {
  const fetched: string[] = [];
  const html = '<head><base href="https://cdn.test/letters/"></head><img src="logo.png"><img src="/top.png">';
  const out = await inlineAssets(html, async (url) => {
    fetched.push(url);
    return { bytes: png, contentType: 'image/png' };
  });
  assert.deepEqual(fetched.sort(), ['https://cdn.test/letters/logo.png', 'https://cdn.test/top.png']);
  assert.equal(out.warnings.length, 0);
  assert.equal(out.html.match(/data:image\/png/g)?.length, 2);
});

test('downloads run at most 6 at a time', async () => {
  let running = 0;
  let peak = 0;
  const html = Array.from({ length: 20 }, (_, i) => `<img src="https://x.test/${i}.png">`).join('');
  await inlineAssets(html, async () => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, 10));
    running--;
    return { bytes: png, contentType: 'image/png' };
  });
  assert.equal(peak, 6);
});
