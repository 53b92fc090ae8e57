import { Readable } from 'node:stream';
import { CsvError, type Options, parse } from 'csv-parse';
import { invalid } from '../errors.js';

/**
 * How an import's CSV is read, the same when its file is received (header, row count) and
 * when the job reads its rows, so both agree on what a row is: blank lines and rows whose
 * cells are all empty (a spreadsheet's trailing `,,,`) are not rows; a stray quote inside an
 * unquoted cell is taken as text; a row may have fewer or more cells than the header.
 */
const OPTIONS: Options = {
  bom: true,
  info: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  // An unclosed quote would otherwise read the rest of the file into one cell, in memory.
  max_record_size: 256 * 1024,
};

export interface CsvRow {
  cells: string[];
  /** The byte of the file just after this row: where reading resumes after it. */
  end: number;
}

/**
 * The rows of a CSV from byte `from` on (0: the header is the first row), streamed: memory
 * holds a chunk and a row at a time whatever the file's size. A file that is not CSV throws
 * a 400 naming `file`.
 */
export async function* csvRows(source: AsyncIterable<Uint8Array>, from = 0): AsyncGenerator<CsvRow> {
  const input = Readable.from(from > 0 ? skipBytes(source, from) : source);
  const parser = input.pipe(parse(OPTIONS));
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { bytes: number };
    }>)
      yield { cells: record, end: from + info.bytes };
  } catch (err) {
    if (err instanceof CsvError) throw invalid('file', `is not a readable CSV: ${err.message}.`);
    throw err;
  } finally {
    // Stopped early (an error, or the reader is done): close the file under it.
    input.destroy();
    parser.destroy();
  }
}

async function* skipBytes(source: AsyncIterable<Uint8Array>, n: number): AsyncGenerator<Uint8Array> {
  let skipped = 0;
  for await (const chunk of source) {
    if (skipped >= n) yield chunk;
    else if (skipped + chunk.length > n) yield chunk.subarray(n - skipped);
    skipped += chunk.length;
  }
}
