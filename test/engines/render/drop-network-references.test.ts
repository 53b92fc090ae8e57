import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dropNetworkReferences,
  dropNetworkReferencesInCss,
  isNetworkUrl,
} from '../../../src/engines/render/assets/drop-network-references.js';
import { networkVectors } from '../../helpers/network-vectors.js';

const PORT = 9999;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

test('every vector is removed, and named as dropped', () => {
  for (const vector of networkVectors(PORT)) {
    const { html, dropped } = dropNetworkReferences(`<html><body><p>kept</p>${vector.html}</body></html>`);
    assert.doesNotMatch(html, new RegExp(`:${PORT}`), `${vector.name}: ${html}`);
    assert.match(html, /<p>kept<\/p>/, vector.name);
    // dns-prefetch and preconnect name a host, not a resource, but are dropped all the same
    assert.ok(
      dropped.length > 0 && dropped.every((url) => url.includes(`:${PORT}`)),
      `${vector.name}: ${dropped}`,
    );
  }
});

test('what cannot reach the network stays as written', () => {
  const html = [
    `<img src="${PNG}" srcset="${PNG} 1x, ${PNG} 2x">`,
    `<link rel="stylesheet" href="data:text/css;base64,cCB7fQ==">`,
    '<a href="https://example.com/terms" class="link">terms</a><area href="https://example.com/map">',
    `<div style="background:url('${PNG}')">x</div>`,
    `<style>p { background: url(${PNG}) } @import "data:text/css,p{}";</style>`,
    '<img src="relative/logo.png"><a href="#top">top</a><meta charset="utf-8">',
  ].join('');
  assert.deepEqual(dropNetworkReferences(html), { html, dropped: [] });
});

test('hyperlinks keep their href, but lose a ping; scripts go with their content', () => {
  const { html } = dropNetworkReferences(
    '<a href="https://example.com/" ping="https://t.example/p">x</a><script>fetch("https://x")</script>',
  );
  assert.equal(html, '<a href="https://example.com/">x</a>');
});

test('disguised schemes are still network URLs', () => {
  for (const url of [
    'h&#116;tp://127.0.0.1/',
    'HTTPS://x',
    '//127.0.0.1/x',
    'ht\ttp://x',
    'ftp://x',
    'ws://x',
    'file:///etc/passwd',
  ])
    assert.ok(isNetworkUrl(url), url);
  for (const url of [PNG, 'relative.png', '#frag', 'about:blank', '&#99999999999;x'])
    assert.ok(!isNetworkUrl(url), url);
  const { html } = dropNetworkReferences('<img src="h&#116;tp://127.0.0.1:9999/x">');
  assert.equal(html, '<img>');
});

test('with a <base href> on the network, relative references are network URLs too; the base stays for links', () => {
  const { html, dropped } = dropNetworkReferences(
    '<base href="https://assets.example/"><audio src="track.mp3"></audio><a href="page.html">p</a>',
  );
  assert.equal(html, '<base href="https://assets.example/"><audio></audio><a href="page.html">p</a>');
  assert.deepEqual(dropped, ['track.mp3']);
});

test("a stylesheet's own imports and urls beyond what was inlined are dropped", () => {
  const { html, dropped } = dropNetworkReferencesInCss(
    `@import url("https://x.example/deeper.css"); p { background: url(${PNG}) } div { background: url(//x.example/y.png) }`,
  );
  assert.equal(html, ` p { background: url(${PNG}) } div { background: url("") }`);
  assert.deepEqual(dropped, ['https://x.example/deeper.css', '//x.example/y.png']);
});
