import cliProgress from 'cli-progress';

export interface ProgressState {
  /** Bytes of the source read (compressed bytes for a compressed source). */
  bytes: number;
  rows: number;
  inserted: number;
}

/** Where an import reports how far it got; called every thousand rows or so. */
export interface ImportProgress {
  update(state: ProgressState): void;
  done(): void;
}

const PLAIN_EVERY_MS = 10_000;

/**
 * On a terminal, a bar (cli-progress) over the source's bytes with rows and rate; otherwise
 * (a log, a pipe, a service) a plain line every 10 s, so a long import shows it is alive
 * without flooding the log. Both on stderr: stdout carries the summary alone.
 */
export function terminalProgress(
  total: number | undefined,
  stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY'> = process.stderr,
  everyMs = PLAIN_EVERY_MS,
): ImportProgress {
  const started = Date.now();
  const rate = (rows: number) => Math.round(rows / Math.max(0.001, (Date.now() - started) / 1000));
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: stream as NodeJS.WriteStream,
        format: total
          ? '[{bar}] {percentage}% | {rows} rows, {inserted} new | {rate} rows/s | ETA {eta_formatted}'
          : '{value} bytes | {rows} rows, {inserted} new | {rate} rows/s',
        hideCursor: true,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total ?? 0, 0, { rows: 0, inserted: 0, rate: 0 });
    return {
      update: (s) => bar.update(s.bytes, { rows: s.rows, inserted: s.inserted, rate: rate(s.rows) }),
      done: () => bar.stop(),
    };
  }
  let last = started;
  return {
    update(s) {
      if (Date.now() - last < everyMs) return;
      last = Date.now();
      const share = total ? ` (${((100 * s.bytes) / total).toFixed(1)}% of ${total} bytes)` : '';
      stream.write(`import: ${s.rows} rows, ${s.inserted} new points, ${rate(s.rows)} rows/s${share}\n`);
    },
    done() {},
  };
}
