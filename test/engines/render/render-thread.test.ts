import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { LOADER_ARGS, ROOT, runnableUrl } from '../../helpers/code-root.js';

// A render thread left open (by a process that never closes it) must not hold its process: the
// process ends when its own work does, and not before its renders are answered. Adding the
// thread's 'message' listener after unref() once made it hold the process for ever.
test('a render thread that has started does not keep its process alive', async () => {
  const thread = JSON.stringify(runnableUrl('src/engines/render/thread/render-thread.ts'));
  const script = `import { RenderThread } from ${thread};
    const renders = new RenderThread({ allowPrivateUrls: false });
    const failed = await renders.render({ kind: 'no-such-kind', input: {} }).catch((err) => err.message);
    console.log('answered: ' + failed);`;
  // A file, not `-e`: the thread inherits the process's flags, and --input-type is for `-e` alone.
  const dir = mkdtempSync(path.join(tmpdir(), 'postroom-render-thread-'));
  const file = path.join(dir, 'leave-open.mjs');
  writeFileSync(file, script);
  const child = spawn(process.execPath, [...LOADER_ARGS, file], { cwd: ROOT });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
  const late = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await ended;
  clearTimeout(late);
  rmSync(dir, { recursive: true, force: true });
  assert.match(out, /answered: .*no render pipeline for kind no-such-kind/);
  assert.equal(code, 0, `the process ended by itself (killed after 30 s otherwise): ${out}`);
});
