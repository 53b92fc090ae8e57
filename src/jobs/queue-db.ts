import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import type PgBoss from 'pg-boss';

const NO_RESULT = undefined as unknown as pg.QueryResult;
/** How long a close waits for the queries in flight (close()). */
const DRAIN_MS = 2_000;
const QUIET_MS = 50;

/**
 * The job queue's connections, handed to pg-boss as its `db`. pg-boss's own pool is closed by
 * its stop while a worker's last fetch may still wait for a connection (all of them busy), and
 * pg-pool's end() leaves such a wait pending for ever: that worker never stops, and pg-boss's
 * wait for it, a 1 s timer set again and again, keeps the process alive (two such workers were
 * the "two timers" of the test files that passed and did not end, docs/testing.md). Here a
 * close lets the queries in flight finish (close() says how long), then gives each query still
 * waiting for a connection no result, as pg-boss's own pool gives a query after its close (a
 * fetch finds no jobs, so the worker stops), and ends the pool.
 */
export class QueueDb implements PgBoss.Db {
  readonly #pool: pg.Pool;
  #closed = false;
  /** Each query waiting for a connection: what gives it up. */
  readonly #waiting = new Set<() => void>();
  /** Queries asked for and not yet answered, waiting or running. */
  #inFlight = 0;
  #lastAnswered = 0;
  #closing?: Promise<void>;

  constructor(options: pg.PoolConfig, onError: (err: Error) => void) {
    this.#pool = new pg.Pool(options);
    // An idle connection cut while the pool closes (the cluster stopping beside a stop) is not
    // an error of the queue's: the connection was about to be closed anyway.
    this.#pool.on('error', (err) => {
      if (!this.#closing) onError(err);
    });
    // pg-pool listens for a client's errors only while it is idle, and an 'error' event nobody
    // listens for ends the process (the database going away mid-query); the query fails anyway.
    this.#pool.on('connect', (client) => client.on('error', () => {}));
  }

  async executeSql(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    if (this.#closed) return NO_RESULT;
    this.#inFlight++;
    try {
      const client = await this.#connect();
      // pg-boss reads no result as nothing done (a fetch as no jobs), as after its own pool's close.
      if (!client) return NO_RESULT;
      try {
        const result = await client.query(text, values);
        client.release();
        return result;
      } catch (err) {
        // As pool.query does: a client whose query failed is not used again.
        client.release(err as Error);
        throw err;
      }
    } finally {
      this.#inFlight--;
      this.#lastAnswered = Date.now();
    }
  }

  /**
   * First lets the queries in flight finish, and those they lead to (a fetch that was running
   * when the stop began takes its jobs, which the stopping queue hands straight back: queue.ts),
   * until none has been in flight for QUIET_MS, or for DRAIN_MS at most; a write dropped here
   * would leave its job active until it expires. Then gives each query still waiting for a
   * connection no result, and ends the pool.
   */
  async close(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#closing = this.#drainAndEnd();
    return this.#closing;
  }

  async #drainAndEnd(): Promise<void> {
    const until = Date.now() + DRAIN_MS;
    while (Date.now() < until && (this.#inFlight > 0 || Date.now() - this.#lastAnswered < QUIET_MS)) {
      await setTimeout(QUIET_MS / 2);
    }
    this.#closed = true;
    for (const giveUp of this.#waiting) giveUp();
    this.#waiting.clear();
    await this.#pool.end();
  }

  #connect(): Promise<pg.PoolClient | undefined> {
    return new Promise((resolve, reject) => {
      const giveUp = () => resolve(undefined);
      this.#waiting.add(giveUp);
      this.#pool.connect().then(
        (client) => {
          // Given up (closed) meanwhile: the client goes back, so the pool's end can finish.
          if (this.#waiting.delete(giveUp)) resolve(client);
          else client.release();
        },
        (err) => {
          this.#waiting.delete(giveUp);
          reject(err);
        },
      );
    });
  }
}
