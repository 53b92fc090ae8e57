import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ForegroundLoad } from '../../src/platform/foreground-load.js';

// A clock the test moves by hand (ms).
const manual = () => {
  let t = 10_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

test('counts the requests of about the last second', () => {
  const clock = manual();
  const load = new ForegroundLoad(clock.now);
  assert.equal(load.perSecond(), 0);
  for (let i = 0; i < 12; i++) {
    load.requestStarted();
    clock.advance(50); // 20 requests/s for 0.6 s
  }
  assert.equal(load.perSecond(), 12);
  clock.advance(500); // the first ones are now over a second old
  assert.ok(load.perSecond() < 12, `older requests age out, got ${load.perSecond()}`);
  clock.advance(1000);
  assert.equal(load.perSecond(), 0, 'a quiet second later nothing is counted');
});

test('a long quiet gap empties every bucket, and counting resumes', () => {
  const clock = manual();
  const load = new ForegroundLoad(clock.now);
  for (let i = 0; i < 5; i++) load.requestStarted();
  clock.advance(60_000);
  assert.equal(load.perSecond(), 0);
  load.requestStarted();
  load.requestStarted();
  assert.equal(load.perSecond(), 2);
});
