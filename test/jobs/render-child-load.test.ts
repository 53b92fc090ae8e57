import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { readParentLoad } from '../../src/jobs/render-child.js';

test("the render child reads its parent's API load line by line and learns when the parent goes", async () => {
  const pipe = new PassThrough();
  let gone = 0;
  const load = readParentLoad(pipe, () => gone++);
  assert.equal(load.perSecond(), 0, 'no report yet: not busy');
  pipe.write('42\n');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(load.perSecond(), 42);
  pipe.write('7\nnot a number\n-3\n'); // only well-formed reports count
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(load.perSecond(), 7);
  assert.equal(gone, 0);
  pipe.end();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(gone, 1, 'the pipe closing means the parent is gone');
});
