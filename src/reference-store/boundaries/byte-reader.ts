import type { Readable } from 'node:stream';
import { ImportInputError } from '../import/import-errors.js';

/**
 * Exact-length reads over a stream, for the binary shapefile parts: `read(n)` gives n bytes (a
 * view into the stream's chunk when it holds them all, else a copy), undefined at a clean end,
 * and an error naming the file when it ends inside what was asked for (a cut download).
 */
export class ByteReader {
  private chunks: Buffer[] = [];
  private offset = 0;
  private available = 0;
  private ended = false;
  private readonly it: AsyncIterator<Buffer>;
  /** Bytes handed out so far. */
  position = 0;

  constructor(
    stream: Readable,
    readonly name: string,
  ) {
    this.it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** n bytes; undefined when the stream ended exactly here; throws when it ends part way. */
  async read(n: number, what = 'data'): Promise<Buffer | undefined> {
    while (this.available < n && !this.ended) await this.pull();
    if (this.available === 0 && n > 0) return undefined;
    if (this.available < n)
      throw new ImportInputError(
        `${this.name}: the file is cut short: it ends at byte ${this.position + this.available}, inside ${what} ` +
          `(${n} bytes from byte ${this.position})`,
      );
    const first = this.chunks[0];
    let out: Buffer;
    if (first.length - this.offset >= n) {
      out = first.subarray(this.offset, this.offset + n);
      this.offset += n;
    } else {
      out = Buffer.allocUnsafe(n);
      let filled = 0;
      while (filled < n) {
        const c = this.chunks[0];
        const take = Math.min(n - filled, c.length - this.offset);
        c.copy(out, filled, this.offset, this.offset + take);
        filled += take;
        this.offset += take;
        if (this.offset === c.length) {
          this.chunks.shift();
          this.offset = 0;
        }
      }
    }
    if (this.chunks.length && this.offset === this.chunks[0].length) {
      this.chunks.shift();
      this.offset = 0;
    }
    this.available -= n;
    this.position += n;
    return out;
  }

  /** n bytes that must be there. */
  async need(n: number, what: string): Promise<Buffer> {
    const out = await this.read(n, what);
    if (!out)
      throw new ImportInputError(
        `${this.name}: the file is cut short: it ends at byte ${this.position}, before ${what}`,
      );
    return out;
  }

  /** Stops reading (the stream is destroyed). */
  async close(): Promise<void> {
    await this.it.return?.();
  }

  private async pull(): Promise<void> {
    const next = await this.it.next();
    if (next.done) {
      this.ended = true;
      return;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    if (!chunk.length) return;
    this.chunks.push(chunk);
    this.available += chunk.length;
  }
}
