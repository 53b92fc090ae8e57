import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Coalescer } from '../../src/db/coalescer.js';

/** A run that records each batch and answers once `release` is called for it. */
function recorder() {
  const batches: { key: string; inputs: number[] }[] = [];
  const pending: (() => void)[] = [];
  const run = (key: string, inputs: number[]) => {
    batches.push({ key, inputs });
    return new Promise<string[]>((resolve, reject) => {
      pending.push(() =>
        inputs.includes(13)
          ? reject(new Error('13 breaks the batch'))
          : resolve(inputs.map((i) => `${key}:${i}`)),
      );
    });
  };
  const releaseAll = () => {
    for (const release of pending.splice(0)) release();
  };
  return { batches, run, releaseAll };
}

const turn = () => new Promise((r) => setImmediate(r));

test('a lone call goes at once; the calls of one turn go together', async () => {
  const r = recorder();
  const c = new Coalescer({ run: r.run, maxInFlight: 2, maxBatch: 100 });
  const lone = c.submit('a', 1);
  await turn();
  assert.deepEqual(r.batches, [{ key: 'a', inputs: [1] }]);
  r.releaseAll();
  assert.equal(await lone, 'a:1');
  const together = [2, 3, 4].map((i) => c.submit('a', i));
  await turn();
  assert.deepEqual(r.batches.at(-1), { key: 'a', inputs: [2, 3, 4] });
  r.releaseAll();
  assert.deepEqual(await Promise.all(together), ['a:2', 'a:3', 'a:4']);
});

test('calls arriving while maxInFlight batches run wait and go together, per key, up to maxBatch', async () => {
  const r = recorder();
  const c = new Coalescer({ run: r.run, maxInFlight: 2, maxBatch: 3 });
  const first = [c.submit('a', 1)];
  await turn();
  const second = [c.submit('a', 2)];
  await turn();
  assert.equal(r.batches.length, 2, 'two in flight');
  const waiting = [3, 4, 5, 6].map((i) => c.submit('a', i));
  const otherKey = c.submit('b', 7);
  await turn();
  assert.deepEqual(r.batches.at(-1), { key: 'b', inputs: [7] }, 'another key is not held up');
  assert.equal(r.batches.length, 3);
  r.releaseAll();
  await Promise.all([...first, ...second, otherKey]);
  await turn();
  await turn();
  assert.deepEqual(
    r.batches.slice(3).map((b) => b.inputs),
    [[3, 4, 5], [6]],
  );
  r.releaseAll();
  assert.deepEqual(await Promise.all(waiting), ['a:3', 'a:4', 'a:5', 'a:6']);
});

test('a failed batch fails every caller, or with aloneOnError only the input that breaks it', async () => {
  for (const aloneOnError of [false, true]) {
    const r = recorder();
    const c = new Coalescer({ run: r.run, maxInFlight: 2, maxBatch: 100, aloneOnError });
    const calls = [12, 13, 14].map((i) =>
      c.submit('k', i).then(
        (v) => v,
        (e: Error) => e.message,
      ),
    );
    await turn();
    r.releaseAll();
    // With aloneOnError each input runs again alone; release those runs too.
    await turn();
    r.releaseAll();
    const answers = await Promise.all(calls);
    if (aloneOnError) {
      assert.deepEqual(answers, ['k:12', '13 breaks the batch', 'k:14']);
      assert.deepEqual(
        r.batches.map((b) => b.inputs),
        [[12, 13, 14], [12], [13], [14]],
      );
    } else {
      assert.deepEqual(answers, Array(3).fill('13 breaks the batch'));
      assert.equal(r.batches.length, 1);
    }
  }
});
