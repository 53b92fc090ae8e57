import { readJson } from './scan-json.js';
import { CODES, fieldNamed, type Scan, type ScanField, ScanFileError, toScan } from './scan-records.js';

/**
 * Reads IV-MTR piece scan records from a stream, as USPS delivers its data feeds: JSON (an
 * array of records, an object holding them in an array member such as `events`, or one
 * record per line) or delimited text (a header row naming the fields, then one record per
 * line, fields separated by `|`). Records come out one at a time, so a file of any size
 * is read in constant memory. A record that cannot be read, a header without the needed
 * columns, or a file that ends inside a record is a ScanFileError naming the line.
 */
export type ScanInput = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

export async function* readScans(input: ScanInput): AsyncGenerator<Scan> {
  const chunks = (async function* () {
    yield* input;
  })();
  let first = '';
  // The first character that is not white space tells the format.
  for (;;) {
    const next = await chunks.next();
    if (next.done) return;
    first += typeof next.value === 'string' ? next.value : next.value.toString('utf8');
    if (first.trim()) break;
  }
  const rest = (async function* () {
    yield first;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? next.value : next.value.toString('utf8');
    }
  })();
  const format = /^\s*[[{]/.test(first) ? readJson : readDelimited;
  yield* format(rest);
}

const REQUIRED: readonly ScanField[] = ['imb', 'scanDatetime'];

/** The header's columns as fields; refuses a header missing what a scan needs. */
function headerFields(header: string): Array<ScanField | undefined> {
  const columns = header.split('|').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const fields = columns.map(fieldNamed);
  const missing = REQUIRED.filter((f) => !fields.includes(f));
  if (missing.length || !CODES.some((f) => fields.includes(f)))
    throw new ScanFileError(
      1,
      `the header must name the columns imb, scanDatetime and at least one of scanEventCode, operationCode, mailPhase (missing: ${[...missing, ...(CODES.some((f) => fields.includes(f)) ? [] : ['a code'])].join(', ')}; it has: ${columns.join(', ')})`,
    );
  return fields;
}

async function* readDelimited(text: AsyncIterable<string>): AsyncGenerator<Scan> {
  let fields: Array<ScanField | undefined> | undefined;
  let line = 0;
  let pending = '';
  const row = (raw: string, complete: boolean): Scan | undefined => {
    line++;
    const trimmed = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!trimmed.trim()) return undefined;
    if (!fields) {
      fields = headerFields(trimmed);
      return undefined;
    }
    const values = trimmed.split('|');
    if (values.length !== fields.length)
      throw new ScanFileError(
        line,
        complete
          ? `${values.length} fields where the header has ${fields.length}`
          : `the file ends in the middle of this record (${values.length} of ${fields.length} fields): cut off?`,
      );
    const record: Partial<Record<ScanField, string>> = {};
    fields.forEach((f, i) => {
      if (f) record[f] = values[i].replace(/^"(.*)"$/, '$1');
    });
    try {
      return toScan(record, line);
    } catch (err) {
      if (complete || !(err instanceof ScanFileError)) throw err;
      throw new ScanFileError(line, `the file ends in the middle of this record: cut off? (${err.message})`);
    }
  };
  for await (const chunk of text) {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const raw of lines) {
      const scan = row(raw, true);
      if (scan) yield scan;
    }
  }
  // A last line without its newline: whole if it reads, else the file was cut.
  const scan = pending ? row(pending, false) : undefined;
  if (scan) yield scan;
  if (!fields) throw new ScanFileError(1, 'the file has no header row');
}
