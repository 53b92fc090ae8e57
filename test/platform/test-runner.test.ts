import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { nodeArgsFor, ROOT } from '../helpers/code-root.js';

const runTests = (files: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, [...nodeArgsFor('scripts/run-tests.ts'), ...files], {
    cwd: ROOT,
    // As npm test starts it: not as a child of this test run (NODE_TEST_CONTEXT would make it one).
    env: { ...process.env, NODE_TEST_CONTEXT: undefined, ...env },
  });

// npm test is scripts/run-tests.ts (compiled in test-build/): a run with a failing test must exit
// non-zero, or CI lands failures. (An exit hook loaded by a helper once made a failed run exit 0.)
test('a run with a failed test exits 1, naming the failure', async () => {
  const run = runTests(['test/fixtures/runner/fails-on-purpose.ts'], { TEST_CONCURRENCY: '1' });
  await assert.rejects(run, (err: { code: number; stdout: string }) => {
    assert.equal(err.code, 1);
    assert.match(err.stdout, /fails on purpose/);
    assert.match(err.stdout, /ℹ fail 1/);
    return true;
  });
});

// Files outside scripts/slow-tests.txt share a process (test/helpers/file-group.ts) but not
// what a separate process would keep apart: the second file starts after the first file's
// after hooks, on the environment the first found.
test('files run in one process one after another, each closed and its environment taken back before the next', async () => {
  const { stdout } = await runTests(
    ['test/fixtures/runner/group-first.ts', 'test/fixtures/runner/group-second.ts'],
    { TEST_GROUP_SIZE: '2' },
  );
  assert.match(stdout, /test\/fixtures\/runner\/group-first\.ts/);
  assert.match(stdout, /test\/fixtures\/runner\/group-second\.ts/);
  assert.match(stdout, /ℹ pass 2/);
  assert.match(stdout, /ℹ fail 0/);
});
