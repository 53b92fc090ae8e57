import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type pg from 'pg';

/** COPY text per staging transaction, at most: a county's large polygons are several MB each. */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** COPY lines go out in writes of about this size: a stream write per line costs more than the line. */
const WRITE_BYTES = 256 * 1024;

/**
 * Records read from a shapefile on their way into a staging table, as COPY text in chunks, each
 * chunk one transaction that also records how far the run got (`rows_committed`: every record
 * before it is staged or passed over), so a re-run of the unchanged source resumes after it.
 * The boundary importer and the address range importer stage through it.
 */
export class ChunkStager {
  private pending: string[] = [];
  private pendingBytes = 0;
  private copy: Writable | undefined;
  committed = 0;

  constructor(
    private readonly client: pg.PoolClient,
    readonly runId: string,
    private readonly chunkRecords: number,
    private readonly openCopy: (client: pg.PoolClient) => Writable,
  ) {}

  get inCopy(): boolean {
    return this.copy !== undefined;
  }

  /** One COPY line (with its newline); `seq`: the records read so far, this one included. */
  async add(line: string, seq: number): Promise<void> {
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (this.pending.length >= this.chunkRecords || this.pendingBytes >= CHUNK_BYTES) await this.flush(seq);
  }

  /** Commits what is pending; `seq`: the records read so far. */
  async flush(seq: number): Promise<void> {
    if (!this.pending.length) {
      if (seq > this.committed) await this.record(seq);
      return;
    }
    await this.client.query('BEGIN');
    const copy = this.openCopy(this.client);
    this.copy = copy;
    let text = '';
    for (const line of this.pending) {
      text += line;
      if (text.length >= WRITE_BYTES) {
        if (!copy.write(text)) await new Promise((r) => copy.once('drain', r));
        text = '';
      }
    }
    if (text) copy.write(text);
    copy.end();
    await finished(copy);
    this.copy = undefined;
    this.pending = [];
    this.pendingBytes = 0;
    await this.record(seq);
    await this.client.query('COMMIT');
  }

  private async record(seq: number): Promise<void> {
    await this.client.query(
      'UPDATE address_point_imports SET rows_read = $2, rows_committed = $2 WHERE id = $1',
      [this.runId, seq],
    );
    this.committed = seq;
  }

  destroy(): void {
    this.copy?.destroy();
  }
}
