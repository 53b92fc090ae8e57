import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LETTERS, letterBody, waitForLetter } from '../helpers/letters.js';

// Renders make way for a busy API (platform/render-gate.ts) but are never starved by it: with
// requests arriving well over the threshold the whole time, every letter still renders.
let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({ renderYieldAtPerSecond: 5, renderBusyConcurrency: 1 });
  key = await server.key({ org: 'busy-api-org' });
});
after(() => server.close());

test('letters created while the API is busy all render', async () => {
  let busy = true;
  let peakRate = 0;
  // About 40 requests a second until the letters are done.
  const traffic = (async () => {
    while (busy) {
      await Promise.all(Array.from({ length: 4 }, () => server.request('GET', '/healthz')));
      peakRate = Math.max(peakRate, server.runtime.deps.foreground?.perSecond() ?? 0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    const created = [];
    for (let i = 0; i < 4; i++) {
      const res = await server.request('POST', LETTERS, {
        key,
        json: letterBody({ description: `busy ${i}` }),
      });
      assert.equal(res.status, 201, res.text);
      created.push(res.body.id);
    }
    for (const id of created) {
      const letter = await waitForLetter(server, key, id, (l) => Boolean(l.url));
      assert.ok(letter.url, `letter ${id} rendered`);
    }
  } finally {
    busy = false;
    await traffic;
  }
  assert.ok(peakRate >= 5, `the API counted as busy while they rendered (peak ${peakRate}/s)`);
});
