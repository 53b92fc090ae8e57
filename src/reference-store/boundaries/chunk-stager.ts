import { once } from 'node:events';
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
 * Lines stream into the chunk's COPY as they are read (in writes of WRITE_BYTES), so PostgreSQL
 * takes them in while the file is read, and no chunk is held in memory. The boundary importer
 * and the address range importer stage through it.
 */
export class ChunkStager {
  private text = '';
  private lines = 0;
  private bytes = 0;
  private copy: Writable | undefined;
  /** What ended the open COPY early (PostgreSQL refused a line, or destroy()). */
  private failure: Error | undefined;
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
    if (!this.copy) {
      await this.client.query('BEGIN');
      const copy = this.openCopy(this.client);
      this.failure = undefined;
      // Heard here while lines are being read (no write waiting): thrown by the next write.
      copy.on('error', (err) => {
        this.failure ??= err;
      });
      this.copy = copy;
    }
    this.text += line;
    this.lines++;
    this.bytes += line.length;
    if (this.text.length >= WRITE_BYTES) await this.write();
    if (this.lines >= this.chunkRecords || this.bytes >= CHUNK_BYTES) await this.commit(seq);
  }

  /** Commits what is pending; `seq`: the records read so far. */
  async flush(seq: number): Promise<void> {
    if (this.copy) await this.commit(seq);
    else if (seq > this.committed) await this.record(seq);
  }

  private async write(): Promise<void> {
    const copy = this.copy!;
    const text = this.text;
    this.text = '';
    if (this.failure) throw this.failure;
    // once() rejects when the stream fails while waiting for room.
    if (!copy.write(text)) await once(copy, 'drain');
  }

  private async commit(seq: number): Promise<void> {
    const copy = this.copy!;
    if (this.text) await this.write();
    copy.end();
    await finished(copy);
    this.copy = undefined;
    this.lines = 0;
    this.bytes = 0;
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
