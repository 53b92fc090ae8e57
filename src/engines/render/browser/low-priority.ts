import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

const NICE = '/usr/bin/nice';
const SETPRIV = '/usr/bin/setpriv';
const CHRT = '/usr/bin/chrt';

/** How far below the API renders run; see docs/rendering.md, "CPU priority". */
export interface RenderPriority {
  /** Nice value, 0–19 (0 = as the caller). */
  niceness: number;
  /**
   * Chromium also runs under Linux SCHED_IDLE. Nice alone only weights the shares: a waking
   * API thread may still wait out a running render's time slice, once per PostgreSQL round
   * trip. A SCHED_IDLE thread is preempted as soon as a normal one wakes on its CPU.
   * The render thread stays at its nice value: it shares the API's address space, and a
   * SCHED_IDLE thread preempted while holding the process's memory-map lock (V8 maps and
   * unmaps pages all the time) would stall the API behind it.
   */
  idle: boolean;
}

/** Used where a caller does not say: background renders beside an API. */
export const DEFAULT_RENDER_PRIORITY: RenderPriority = Object.freeze({ niceness: 19, idle: true });

/**
 * The command that starts Chromium at `priority`: `nice -n K`, where K is what the calling
 * thread's own nice value lacks (a render thread may have lowered itself already), then
 * `chrt --idle 0` when asked. Every process and thread Chromium starts inherits both.
 *
 * As root, Chromium sets its threads' priorities itself (its UI, IO and compositor threads to
 * nice -8, its workers to 0), which undoes `nice`; without CAP_SYS_NICE it cannot go below the
 * value it inherited, nor leave SCHED_IDLE, so root drops that one capability first
 * (util-linux `setpriv`). Returns [] (start Chromium directly) when there is nothing to lower
 * or the tools are missing.
 */
export function lowPriorityPrefix(priority: RenderPriority): string[] {
  const lacking = priority.niceness - getPriority();
  const nice = priority.niceness > 0 && lacking > 0 && existsSync(NICE) ? [NICE, '-n', String(lacking)] : [];
  const idle = priority.idle && existsSync(CHRT) ? [CHRT, '--idle', '0'] : [];
  if (nice.length === 0 && idle.length === 0) return [];
  if (process.getuid?.() !== 0) return [...nice, ...idle];
  if (!existsSync(SETPRIV)) return [];
  return [SETPRIV, '--inh-caps=-sys_nice', '--bounding-set=-sys_nice', ...nice, ...idle];
}

/**
 * Lowers the calling thread's nice value (on Linux a thread has its own): the render thread
 * calls this so the API's event loop in the same process keeps its priority. Not SCHED_IDLE
 * (see RenderPriority.idle). Best effort: where the platform refuses, renders run as they are.
 */
export function lowerThisThread(priority: RenderPriority): void {
  if (priority.niceness <= 0) return;
  try {
    setPriority(priority.niceness);
  } catch {}
}

/**
 * Lowers every thread of this process (Linux keeps a nice value per thread; V8's GC and
 * compiler threads and libuv's pool exist before any code runs) to `priority.niceness`, and,
 * when `priority.idle`, puts them all under SCHED_IDLE (`chrt --all-tasks`). Threads started
 * later inherit both from the thread that starts them. For a process that only renders: unlike
 * the render thread, it shares no address space with an API, so SCHED_IDLE is safe for it
 * (see RenderPriority.idle). Best effort, like lowerThisThread.
 */
export function lowerThisProcess(priority: RenderPriority): void {
  if (priority.niceness > 0) {
    let tids: string[] = [];
    try {
      tids = readdirSync('/proc/self/task');
    } catch {}
    for (const tid of tids.length ? tids : ['0']) {
      try {
        setPriority(Number(tid), priority.niceness);
      } catch {}
    }
  }
  if (priority.idle && existsSync(CHRT))
    spawnSync(CHRT, ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
}
