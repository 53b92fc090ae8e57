import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliEnv, runCli } from '../helpers/cli.js';

// Scripts rely on exit codes: usage errors are 2, help is 0 (every command's: help.test.ts).
test('the postroom command exits with the code of what happened', async () => {
  const env = cliEnv({ POSTROOM_DATA_DIR: '/nonexistent-unused' });
  const unknown = await runCli(['no-such-command'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command/);
  const missingFlag = await runCli(['keys', 'create', '--mode', 'test'], env);
  assert.equal(missingFlag.code, 2);
  assert.match(missingFlag.stderr, /--org is required/);
  for (const asked of [['help'], ['--help'], ['-h']]) {
    const help = await runCli(asked, env);
    assert.equal(help.code, 0, asked.join(' '));
    assert.match(help.stdout, /^ {2}serve +API and job workers/m);
  }
  const group = await runCli(['keys', '--help'], env);
  assert.equal(group.code, 0);
  assert.match(group.stdout, /postroom keys create --org NAME/);
  const bare = await runCli([], env);
  assert.equal(bare.code, 2);
  assert.match(bare.stderr, /^ {2}serve +API and job workers/m);
});
