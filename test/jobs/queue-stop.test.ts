import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { nodeArgsFor } from '../helpers/code-root.js';

// pg-pool's end() leaves a query waiting for a connection pending for ever, so a worker whose
// fetch waited when its queue stopped never stopped, and pg-boss's 1 s wait for it kept the
// process alive (src/jobs/queue-db.ts). Without that fixed, the child below never ends.
test('a job queue stopped while its workers wait for a connection leaves the process free to end', async () => {
  const child = spawn(process.execPath, nodeArgsFor('test/helpers/queue-stop-child.ts'), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  const ended = await new Promise<boolean>((resolve) => {
    // The child's stop takes ~2 s after its queue starts; 30 s allows for a loaded machine.
    const late = setTimeout(() => resolve(false), 30_000);
    child.once('exit', () => {
      clearTimeout(late);
      resolve(true);
    });
  });
  if (!ended) child.kill('SIGKILL');
  assert.ok(ended, `still running ${Date.now() - started} ms after it started: ${output}`);
  assert.equal(child.exitCode, 0, output);
  assert.match(output, /^stopped, holding /m);
});
