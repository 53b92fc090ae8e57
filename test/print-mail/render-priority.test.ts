import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RenderPriority } from '../../src/api/print-mail/orders/render-priority.js';

test('an organization yields tier by tier as it queues renders, and recovers as its count decays', () => {
  const judge = new RenderPriority({ fairShare: 10, maxTiers: 3, halfLifeMs: 1_000 });
  const at = 1_000_000;
  const bulk = Array.from({ length: 50 }, () => judge.next('org_bulk', at));
  assert.deepEqual(bulk.slice(0, 10), Array(10).fill(0));
  assert.deepEqual(bulk.slice(10, 20), Array(10).fill(-1));
  assert.deepEqual(bulk.slice(20, 30), Array(10).fill(-2));
  assert.deepEqual(bulk.slice(30), Array(20).fill(-3), 'no lower than maxTiers');
  assert.equal(judge.next('org_small', at), 0, 'another organization is not affected');
  // 50 queued, halved every second: after 3 s about 6 are remembered, under one share.
  assert.equal(judge.next('org_bulk', at + 3_000), 0);
});
