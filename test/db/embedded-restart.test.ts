import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { startEmbedded } from '../../src/db/embedded.js';

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

// The embedded default has no operator to restart it: the process that started the cluster does.
test('the embedded PostgreSQL, killed with SIGKILL, is started again by its owner with its data', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'postroom-embedded-restart-'));
  const logs: string[] = [];
  const db = await startEmbedded(dataDir, (m) => logs.push(m));
  try {
    await query(db.url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$before$$)');
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');

    let answered: pg.QueryResult | undefined;
    const deadline = Date.now() + 90_000;
    while (!answered && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      answered = await query(db.url, 'SELECT v FROM kept').catch(() => undefined);
    }
    assert.ok(answered, `PostgreSQL did not come back:\n${logs.slice(-20).join('\n')}`);
    assert.deepEqual(answered.rows, [{ v: 'before' }]);
    assert.ok(logs.some((l) => /exited unexpectedly/.test(l)));
    assert.ok(logs.some((l) => /PostgreSQL restarted/.test(l)));
    const newPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    assert.notEqual(newPid, pid);

    await db.stop();
    assert.ok(!existsSync(pidFile), 'stop() stops the restarted cluster');
  } finally {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
