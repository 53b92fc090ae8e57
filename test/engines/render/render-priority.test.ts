import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { BrowserPool } from '../../../src/engines/render/browser/page-pool.js';
import { descendants, statFields } from '../../helpers/process-tree.js';

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** The fields of /proc/<pid>/task/<tid>/stat we check (proc(5): nice 19, policy 41). */
function taskStat(pid: number, tid: string) {
  const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

function threadsOf(pid: number) {
  return readdirSync(`/proc/${pid}/task`).map((tid) => ({ pid, tid, ...taskStat(pid, tid) }));
}

test('Chromium and every thread of every process it starts run at nice 19 under SCHED_IDLE', async () => {
  const pool = new BrowserPool({ size: 1 });
  try {
    await pool.warm();
    const tree = [pool.browserPid()!, ...descendants(pool.browserPid()!)];
    assert.ok(tree.length >= 2, `Chromium started helper processes (${tree.length})`);
    const threads = tree.flatMap((pid) => {
      try {
        return threadsOf(pid);
      } catch {
        return [];
      }
    });
    assert.ok(threads.length > tree.length, 'Chromium processes have threads');
    const off = threads.filter((t) => t.policy !== SCHED_IDLE || t.nice !== 19);
    assert.deepEqual(off, [], 'threads not at SCHED_IDLE, nice 19');
  } finally {
    await pool.close();
  }
});

test('the caller keeps its own priority: only what the pool starts is lowered', async () => {
  const pool = new BrowserPool({ size: 1 });
  try {
    await pool.warm();
    const main = taskStat(process.pid, String(process.pid));
    assert.equal(main.policy, SCHED_OTHER);
    assert.equal(main.nice, 0);
  } finally {
    await pool.close();
  }
});

test('a pool asked for normal priority starts Chromium at normal priority', async () => {
  const pool = new BrowserPool({ size: 1, priority: { niceness: 0, idle: false } });
  try {
    await pool.warm();
    const browser = taskStat(pool.browserPid()!, String(pool.browserPid()));
    assert.equal(browser.policy, SCHED_OTHER);
  } finally {
    await pool.close();
  }
});
