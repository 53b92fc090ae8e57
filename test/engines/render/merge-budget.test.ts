import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RenderInputError } from '../../../src/engines/render/errors.js';
import { LIMITS } from '../../../src/engines/render/limits.js';
import { buildMergeContext } from '../../../src/engines/render/merge/merge-context.js';
import { mergeHtml } from '../../../src/engines/render/merge/merge-html.js';

const to = { firstName: 'Ada', addressLine1: '1 Main St' };
const list = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `item ${i}` }));

/** The merge refuses as a content failure (too_large) naming the field, and does so quickly. */
function assertTooLarge(run: () => unknown, field: string): void {
  const started = Date.now();
  assert.throws(run, (err: unknown) => {
    assert.ok(err instanceof RenderInputError, String(err));
    assert.equal(err.code, 'too_large');
    assert.equal(err.field, field);
    assert.match(err.message, /more than 5 MB of HTML/);
    return true;
  });
  assert.ok(Date.now() - started < 5_000, `refused in ${Date.now() - started} ms`);
}

test('nested loops that would make more than the HTML limit stop as they go', () => {
  // 200 × 200 × 200 turns of 10 characters: 80 MB if made whole; a 70-byte template.
  const html = '{{#each a}}{{#each ../a}}{{#each ../../a}}xxxxxxxxxx{{/each}}{{/each}}{{/each}}';
  const context = buildMergeContext({ a: list(200) }, to);
  assertTooLarge(() => mergeHtml(html, context), 'html');
  // A section over an array ({{#a}}...{{/a}}) loops through the same helper.
  assertTooLarge(
    () => mergeHtml('{{#a}}{{#../a}}{{#../../a}}xxxxxxxxxx{{/../../a}}{{/../a}}{{/a}}', context),
    'html',
  );
});

test('a large value printed many times is refused before merging', () => {
  const html = '{{big}}'.repeat(1000);
  const context = buildMergeContext({ big: 'x'.repeat(100_000) }, to);
  assertTooLarge(() => mergeHtml(html, context, 'front'), 'front');
});

test('just under the limit merges; the limit is the HTML limit', () => {
  const turns = Math.floor(LIMITS.maxHtmlChars / 2 / 100);
  const html = `{{#each a}}${'y'.repeat(100)}{{/each}}`;
  const out = mergeHtml(html, buildMergeContext({ a: list(turns) }, to));
  assert.equal(out.length, turns * 100);
});

test('loops keep their meaning: @index, block params, else, sections, nested lookups', () => {
  const context = buildMergeContext({ rows: list(3), none: [], title: 'T' }, to);
  const html =
    '{{#each rows as |row i|}}[{{i}}:{{row.name}}:{{@index}}:{{../title}}]{{/each}}' +
    '{{#each none}}x{{else}}empty{{/each}}{{#rows}}<{{name}}>{{/rows}}';
  assert.equal(
    mergeHtml(html, context),
    '[0:item 0:0:T][1:item 1:1:T][2:item 2:2:T]empty<item 0><item 1><item 2>',
  );
});
