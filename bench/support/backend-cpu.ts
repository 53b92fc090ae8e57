import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time of the PostgreSQL processes serving one database, by who they serve: client
 * backends by their connection's application_name (postroom, postroom-jobs, postroom-renders,
 * ...), the server's own processes by backend_type (walwriter, checkpointer, ...). Read from
 * /proc, so only when PostgreSQL runs on this machine and its processes are readable; else
 * `stop()` returns nothing. Sampled every 500 ms: a backend that exits between two samples
 * loses at most its last half second, and one that starts after `start()` counts from zero.
 */
export class BackendCpu {
  readonly #db: pg.Pool;
  /** Per backend pid: whose it is, its CPU when first seen (ms), its CPU when last seen. */
  #seen = new Map<number, { who: string; first: number; last: number }>();
  #timer?: NodeJS.Timeout;
  #sampling?: Promise<void>;

  constructor(db: pg.Pool) {
    this.#db = db;
  }

  async start(): Promise<void> {
    this.#seen.clear();
    await this.#sample(true);
    this.#timer = setInterval(() => {
      this.#sampling ??= this.#sample(false).finally(() => {
        this.#sampling = undefined;
      });
    }, 500);
  }

  /** Milliseconds of CPU since start(), per application_name or backend_type, largest first. */
  async stop(): Promise<[string, number][]> {
    clearInterval(this.#timer);
    await this.#sampling;
    await this.#sample(false);
    const byWho = new Map<string, number>();
    for (const { who, first, last } of this.#seen.values())
      byWho.set(who, (byWho.get(who) ?? 0) + last - first);
    return [...byWho].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]);
  }

  async #sample(atStart: boolean): Promise<void> {
    const { rows } = await this.#db.query<{ pid: number; who: string }>(
      `SELECT pid, coalesce(nullif(application_name, ''), backend_type) AS who
         FROM pg_stat_activity WHERE datname = current_database() OR datname IS NULL`,
    );
    for (const { pid, who } of rows) {
      const ms = cpuMs(pid);
      if (ms === undefined) continue;
      const known = this.#seen.get(pid);
      if (known) known.last = ms;
      // A backend first seen after the start began after it: all its CPU is in the window.
      else this.#seen.set(pid, { who, first: atStart ? ms : 0, last: ms });
    }
  }
}

/** utime + stime of a process, in ms (clock ticks are 10 ms on Linux), if it can be read. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces), from field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
