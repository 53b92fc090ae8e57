import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import type { Pool } from '../../db/pool.js';
import { copyIntoStaging, createStaging, type MergedChunk, mergeStaging } from './import.repo.js';

interface Session {
  client: pg.PoolClient;
  copy?: Writable;
  pending: string;
  staged: number;
}

/** COPY lines go out in ~256 KB writes: one stream write per row costs more than the row. */
const WRITE_BYTES = 256 * 1024;

/**
 * Points on their way into the store, in chunks. Two sessions, each with its own staging
 * table, take turns: while one chunk is merged (the costly part: six indexes and the names
 * trigger, on PostgreSQL's core), the next is parsed and copied into the other session (on
 * ours). Merges still run one at a time and in order, so a run's `rows_committed` only grows
 * and always means "every row before this one is stored".
 */
export class StagedWriter {
  inserted = 0;
  /** Rows whose address was already stored when their chunk was merged (an earlier import's, or an earlier chunk's). */
  alreadyStored = 0;
  /** Rows repeating an address earlier in their chunk. */
  repeated = 0;
  private current = 0;
  private merging: Promise<void> | undefined;

  private constructor(
    private readonly sessions: Session[],
    private readonly runId: string,
    private readonly chunkRows: number,
  ) {}

  static async open(pool: Pool, runId: string, chunkRows: number): Promise<StagedWriter> {
    const sessions: Session[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const client = await pool.connect();
        sessions.push({ client, pending: '', staged: 0 });
        await createStaging(client);
      }
    } catch (err) {
      for (const s of sessions) s.client.release();
      throw err;
    }
    return new StagedWriter(sessions, runId, chunkRows);
  }

  /** One COPY line (with its newline); `rowsRead` counts every row read so far, this one included. */
  async add(line: string, rowsRead: number): Promise<void> {
    const s = this.sessions[this.current];
    s.pending += line;
    if (s.pending.length >= WRITE_BYTES) await this.send(s);
    if (++s.staged >= this.chunkRows) await this.rotate(rowsRead);
  }

  /** Stores what is staged; `rowsRead`: every row of the source. */
  async finish(rowsRead: number): Promise<void> {
    if (this.sessions[this.current].staged) await this.rotate(rowsRead);
    await this.merging;
  }

  /**
   * Lets a merge in flight end (stored whole, or rolled back whole), then hands the sessions
   * back: one left in the middle of a COPY cannot serve anyone else, so it is closed instead.
   */
  async close(): Promise<void> {
    await this.merging?.catch(() => {});
    for (const s of this.sessions) {
      if (s.copy) {
        s.copy.destroy();
        s.client.release(true);
      } else s.client.release();
    }
  }

  private async send(s: Session): Promise<void> {
    s.copy ??= copyIntoStaging(s.client);
    const ok = s.copy.write(s.pending);
    s.pending = '';
    if (!ok) await once(s.copy, 'drain');
  }

  private async rotate(rowsRead: number): Promise<void> {
    const s = this.sessions[this.current];
    if (s.pending) await this.send(s);
    const copy = s.copy!;
    copy.end();
    await finished(copy);
    s.copy = undefined;
    s.staged = 0;
    await this.merging;
    this.merging = mergeStaging(s.client, { id: this.runId, rowsRead }).then((m: MergedChunk) => {
      this.inserted += m.inserted;
      this.alreadyStored += m.alreadyStored;
      this.repeated += m.repeated;
    });
    // Not left unhandled while parsing goes on: whoever awaits it next sees the failure.
    this.merging.catch(() => {});
    this.current = 1 - this.current;
  }
}
