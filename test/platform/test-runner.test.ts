import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { nodeArgsFor, ROOT } from '../helpers/code-root.js';

// npm test is scripts/run-tests.ts (compiled in test-build/): a run with a failing test must exit
// non-zero, or CI lands failures. (An exit hook loaded by a helper once made a failed run exit 0.)
test('a run with a failed test exits 1, naming the failure', async () => {
  const run = promisify(execFile)(
    process.execPath,
    [...nodeArgsFor('scripts/run-tests.ts'), 'test/fixtures/runner/fails-on-purpose.ts'],
    // As npm test starts it: not as a child of this test run (NODE_TEST_CONTEXT would make it one).
    { cwd: ROOT, env: { ...process.env, NODE_TEST_CONTEXT: undefined, TEST_CONCURRENCY: '1' } },
  );
  await assert.rejects(run, (err: { code: number; stdout: string }) => {
    assert.equal(err.code, 1);
    assert.match(err.stdout, /fails on purpose/);
    assert.match(err.stdout, /ℹ fail 1/);
    return true;
  });
});
