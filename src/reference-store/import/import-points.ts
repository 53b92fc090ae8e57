import { once } from 'node:events';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { Pool } from '../../db/pool.js';
import { pointFromRecord } from '../../engines/address/verify/point-from-record.js';
import { columnMap } from './column-map.js';
import { copyIntoStaging, createStaging, mergeStaging } from './import.repo.js';
import { copyLine } from './point-row.js';
import { progressBar } from './progress.js';

export interface ImportOptions {
  /** `--map` spec (column-map.ts). */
  map?: string;
  /** Name recorded with each point; defaults to the file name. */
  source?: string;
  /** Rows per COPY + merge round: bounds the staging table and the transaction. */
  chunkRows?: number;
  progress?: boolean;
}

export interface ImportResult {
  rows: number;
  inserted: number;
  skipped: Record<string, number>;
  seconds: number;
}

/**
 * Streams a CSV of address points into the store: parse -> map columns -> standardize ->
 * COPY into a staging table -> merge in chunks. Memory stays flat whatever the file size.
 */
export async function importPoints(
  pool: Pool,
  file: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = Date.now();
  const source = options.source ?? path.basename(file);
  const chunkRows = options.chunkRows ?? 500_000;
  const bar = options.progress ? progressBar(statSync(file).size) : undefined;
  const input = createReadStream(file);
  const rows = input.pipe(parse({ relax_column_count: true, bom: true, skip_empty_lines: true }));
  const client = await pool.connect();
  const result: ImportResult = { rows: 0, inserted: 0, skipped: {}, seconds: 0 };
  try {
    await createStaging(client);
    let toRecord: ((row: string[]) => ReturnType<ReturnType<typeof columnMap>>) | undefined;
    let copy: Writable | undefined;
    let staged = 0;
    const flush = async () => {
      if (!copy) return;
      copy.end();
      await finished(copy);
      copy = undefined;
      result.inserted += await mergeStaging(client);
      staged = 0;
    };
    for await (const row of rows as AsyncIterable<string[]>) {
      if (!toRecord) {
        toRecord = columnMap(row, options.map);
        continue;
      }
      result.rows++;
      const record = toRecord(row);
      const point = pointFromRecord(record);
      if (typeof point === 'string') {
        result.skipped[point] = (result.skipped[point] ?? 0) + 1;
        continue;
      }
      copy ??= copyIntoStaging(client);
      if (!copy.write(`${copyLine(point, source, record.id)}\n`)) await once(copy, 'drain');
      if (++staged >= chunkRows) await flush();
      bar?.update(input.bytesRead, result.rows);
    }
    await flush();
  } finally {
    client.release();
    bar?.done();
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}
