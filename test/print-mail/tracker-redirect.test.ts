import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkRedirectTemplate,
  redirectTarget,
} from '../../src/api/print-mail/trackers/redirect-template.js';
import { trackerIdsIn } from '../../src/api/print-mail/trackers/tracker-refs.js';
import { visitorDevice } from '../../src/api/print-mail/trackers/visitor-device.js';

test('merged values are percent-encoded and cannot leave the template origin', () => {
  const context = { to: { firstName: 'A/../../@evil.com?x=1#', lastName: 'Ø' }, n: 5 };
  assert.equal(
    redirectTarget('https://shop.example.com/p/{{to.firstName}}?n={{n}}&l={{to.lastName}}', context),
    'https://shop.example.com/p/A%2F..%2F..%2F%40evil.com%3Fx%3D1%23?n=5&l=%C3%98',
  );
  // Triple braces would skip HTML escaping in an order; here every value is encoded anyway.
  assert.equal(
    redirectTarget('https://shop.example.com/{{{to.firstName}}}', context),
    'https://shop.example.com/A%2F..%2F..%2F%40evil.com%3Fx%3D1%23',
  );
  assert.equal(
    redirectTarget('https://shop.example.com?missing={{nope}}', context),
    'https://shop.example.com?missing=',
  );
});

test('a template must write out its scheme and host', () => {
  for (const ok of [
    'https://a.example',
    'http://a.example:8080/x?y={{to.firstName}}',
    'https://a.example#{{k}}',
  ])
    assert.doesNotThrow(() => checkRedirectTemplate(ok), ok);
  for (const bad of [
    'https://{{host}}',
    'https://a{{b}}.example/',
    '//a.example/x',
    'mailto:x@a.example',
    'https://a.example/{{#each}}',
  ])
    assert.throws(() => checkRedirectTemplate(bad), /redirectURLTemplate/, bad);
});

test('tracker references are found in HTML and stored content, each once', () => {
  const id = 'tracker_123456789ABCDEFGHJKLMN';
  const html = `<a href="{{${id}}}">{{ ${id}.qrcode }}</a>{{{${id}}}} {{tracker_short}} {{to.firstName}}`;
  assert.deepEqual(trackerIdsIn(html), [id]);
  assert.deepEqual(trackerIdsIn(JSON.stringify({ sides: [{ html }] })), [id]);
});

test('devices are read coarsely from user agents', () => {
  assert.equal(
    visitorDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'),
    'Mobile',
  );
  assert.equal(visitorDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36'), 'Mobile');
  assert.equal(visitorDevice('Mozilla/5.0 (Linux; Android 13; SM-X700) Safari/537.36'), 'Tablet');
  assert.equal(visitorDevice('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)'), 'Tablet');
  assert.equal(visitorDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15'), 'Desktop');
  assert.equal(visitorDevice('Slackbot-LinkExpanding 1.0'), 'Bot');
  assert.equal(visitorDevice(undefined), 'Unknown');
});
