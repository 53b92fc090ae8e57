import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TemplateSyntaxError } from '../../../src/engines/render/errors.js';
import { buildMergeContext } from '../../../src/engines/render/merge/merge-context.js';
import { mergeHtml } from '../../../src/engines/render/merge/merge-html.js';
import { findMissingVariables } from '../../../src/engines/render/merge/missing-variables.js';

const to = { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Main St', metadata: { tier: 'gold' } };
const from = { companyName: 'Acme', addressLine1: '2 Side St' };

test('merge variables and to/from contact fields are merged', () => {
  const context = buildMergeContext({ amount: '$12.50' }, to, from);
  const html = '<p>Dear {{to.firstName}} {{to.lastName}}, you owe {{amount}} to {{from.companyName}}.</p>';
  assert.deepEqual(findMissingVariables(html, context), []);
  assert.equal(mergeHtml(html, context), '<p>Dear Ada Lovelace, you owe $12.50 to Acme.</p>');
});

test('keys are case-sensitive and exact', () => {
  const context = buildMergeContext({ FirstName: 'X' }, to, from);
  assert.deepEqual(findMissingVariables('{{firstName}} {{FirstName}} {{to.FirstName}}', context), [
    'firstName',
    'to.FirstName',
  ]);
});

test('missing variables are listed once, in order, including unknown helpers and metadata keys', () => {
  const context = buildMergeContext({}, to, from);
  const html = '{{b}} {{a}} {{b}} {{{c}}} {{first name}} {{to.metadata.tier}} {{to.metadata.nope}}';
  assert.deepEqual(findMissingVariables(html, context), ['b', 'a', 'c', 'first', 'to.metadata.nope']);
});

test('absent contact fields count as supplied; absent from contact does not', () => {
  const context = buildMergeContext({}, to);
  assert.deepEqual(findMissingVariables('{{to.companyName}}{{to.jobTitle}}{{from.city}}', context), [
    'from.city',
  ]);
});

test('conditions are not required; only the branch that renders is checked', () => {
  const context = buildMergeContext({ vip: true }, to, from);
  const html = '{{#if vip}}{{vipCode}}{{else}}{{regular}}{{/if}}{{#if coupon}}{{coupon}}{{/if}}';
  assert.deepEqual(findMissingVariables(html, context), ['vipCode']);
  const unless = '{{#unless vip}}{{regular}}{{else}}{{vipCode}}{{/unless}}';
  assert.deepEqual(findMissingVariables(unless, context), ['vipCode']);
  assert.deepEqual(
    findMissingVariables('{{#if vip}}x{{else if other}}{{o}}{{else}}{{z}}{{/if}}', context),
    [],
  );
});

test('each and with sections do not require their contents', () => {
  const context = buildMergeContext({ items: [{ name: 'a' }, { name: 'b' }] }, to, from);
  const html = '<ul>{{#each items}}<li>{{name}} {{@index}}</li>{{/each}}</ul>{{#with nothing}}{{x}}{{/with}}';
  assert.deepEqual(findMissingVariables(html, context), []);
  assert.equal(mergeHtml(html, context), '<ul><li>a 0</li><li>b 1</li></ul>');
});

test('values are HTML-escaped; triple braces are raw', () => {
  const context = buildMergeContext({ name: '<b>Tom & "Jerry"</b>' }, to, from);
  assert.equal(mergeHtml('{{name}}', context), '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;');
  assert.equal(mergeHtml('{{{name}}}', context), '<b>Tom & "Jerry"</b>');
});

test('null and empty values count as supplied', () => {
  const context = buildMergeContext({ a: null, b: '' }, to, from);
  assert.deepEqual(findMissingVariables('{{a}}{{b}}', context), []);
  assert.equal(mergeHtml('[{{a}}{{b}}]', context), '[]');
});

test('unparseable templates and partials raise TemplateSyntaxError', () => {
  const context = buildMergeContext({}, to, from);
  assert.throws(() => findMissingVariables('{{#if x}}never closed', context), TemplateSyntaxError);
  assert.throws(() => findMissingVariables('{{> header}}', context), TemplateSyntaxError);
  assert.throws(() => mergeHtml('{{#each}}', context), TemplateSyntaxError);
});

test('prototype properties are not reachable', () => {
  const context = buildMergeContext({}, to, from);
  assert.deepEqual(findMissingVariables('{{constructor}}{{to.__proto__}}', context), [
    'constructor',
    'to.__proto__',
  ]);
  assert.equal(mergeHtml('[{{constructor.name}}]', context), '[]');
});
