/** A one-line progress bar on a terminal; silent otherwise (logs and pipes get the summary only). */
export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr) {
  let last = 0;
  const started = Date.now();
  return {
    update(done: number, rows: number): void {
      if (!stream.isTTY || Date.now() - last < 200) return;
      last = Date.now();
      const share = total ? Math.min(1, done / total) : 0;
      const width = 30;
      const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '.');
      const rate = Math.round(rows / Math.max(0.001, (Date.now() - started) / 1000));
      stream.write(`\r[${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${rows} rows ${rate}/s `);
    },
    done(): void {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
