import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ForegroundLoad } from '../../src/platform/foreground-load.js';
import { RenderGate } from '../../src/platform/render-gate.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `n` renders of `ms` each through the gate; returns the most that ran at once. */
async function peakConcurrency(gate: RenderGate, n: number, ms: number): Promise<number> {
  let peak = 0;
  await Promise.all(
    Array.from({ length: n }, () =>
      gate.run(async () => {
        peak = Math.max(peak, gate.active);
        await sleep(ms);
      }),
    ),
  );
  return peak;
}

// A load whose rate the test sets: `busy` requests "started" now.
function loadAt(perSecond: number): ForegroundLoad {
  const load = new ForegroundLoad(() => 1_000);
  for (let i = 0; i < perSecond; i++) load.requestStarted();
  return load;
}

test('with the API quiet, renders all run at once', async () => {
  const gate = new RenderGate(loadAt(3), { busyAtPerSecond: 10, busyConcurrency: 1 });
  assert.equal(await peakConcurrency(gate, 6, 30), 6);
});

test('with the API busy, renders go busyConcurrency at a time, and all of them run', async () => {
  const one = new RenderGate(loadAt(50), { busyAtPerSecond: 10, busyConcurrency: 1 });
  assert.equal(await peakConcurrency(one, 5, 10), 1);
  const two = new RenderGate(loadAt(50), { busyAtPerSecond: 10, busyConcurrency: 2 });
  assert.equal(await peakConcurrency(two, 6, 10), 2);
  assert.equal(one.active + two.active, 0);
});

test('waiting renders start together once the API goes quiet', async () => {
  let t = 1_000;
  const load = new ForegroundLoad(() => t);
  for (let i = 0; i < 40; i++) load.requestStarted();
  const gate = new RenderGate(load, { busyAtPerSecond: 10, busyConcurrency: 1, recheckMs: 10 });
  let peak = 0;
  const slow = gate.run(() => sleep(300)); // holds the one busy slot
  const waiting = Array.from({ length: 4 }, () =>
    gate.run(async () => {
      peak = Math.max(peak, gate.active);
      await sleep(50);
    }),
  );
  await sleep(40);
  assert.equal(gate.active, 1, 'while busy the others wait');
  t += 2_000; // a quiet second passes
  await Promise.all(waiting);
  assert.ok(peak >= 4, `the waiting renders ran beside the slow one, peak ${peak}`);
  await slow;
});

test('a failed render frees its slot and the error reaches the caller', async () => {
  const gate = new RenderGate(loadAt(50), { busyAtPerSecond: 10, busyConcurrency: 1 });
  await assert.rejects(
    gate.run(async () => {
      throw new Error('chromium went away');
    }),
    /chromium went away/,
  );
  assert.equal(gate.active, 0);
  assert.equal(await gate.run(async () => 'next'), 'next');
});

test('busyAtPerSecond 0 never holds renders back', async () => {
  const gate = new RenderGate(loadAt(500), { busyAtPerSecond: 0, busyConcurrency: 1 });
  assert.equal(await peakConcurrency(gate, 4, 20), 4);
});

test('without an API in the process (a worker), renders never wait', async () => {
  const gate = new RenderGate(undefined, { busyAtPerSecond: 10, busyConcurrency: 1 });
  assert.equal(await peakConcurrency(gate, 4, 20), 4);
});
