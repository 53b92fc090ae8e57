import {
  CODES,
  fieldNamed,
  noValues,
  type Scan,
  type ScanField,
  ScanFileError,
  toScan,
} from './scan-records.js';

const REQUIRED: readonly ScanField[] = ['imb', 'scanDatetime'];
const BATCH = 1000;

/** The header's columns as fields; refuses a header missing what a scan needs. */
function headerFields(header: string): Array<ScanField | undefined> {
  const columns = header.split('|').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const fields = columns.map(fieldNamed);
  const missing = REQUIRED.filter((f) => !fields.includes(f));
  const hasCode = CODES.some((f) => fields.includes(f));
  if (missing.length || !hasCode)
    throw new ScanFileError(
      1,
      `the header must name the columns imb, scanDatetime and at least one of scanEventCode, operationCode, mailPhase (missing: ${[...missing, ...(hasCode ? [] : ['a code'])].join(', ')}; it has: ${columns.join(', ')})`,
    );
  return fields;
}

const unquote = (v: string) => (v.length > 1 && v[0] === '"' && v[v.length - 1] === '"' ? v.slice(1, -1) : v);

/**
 * Delimited IV-MTR records: a header row naming the fields, then one record per line, fields
 * separated by `|`. Each line is cut where it stands in the text (indexOf, no split into
 * arrays of lines and fields), and only the columns a scan uses become strings. A line
 * whose field count differs from the header's is an error; a last line without its newline
 * that does not read is a cut file. Yields the scans of each piece of text read.
 */
export async function* readDelimited(text: AsyncIterable<string>): AsyncGenerator<Scan[]> {
  let fields: Array<ScanField | undefined> | undefined;
  let line = 0;
  let pending = '';
  const row = (buf: string, from: number, to: number, complete: boolean): Scan | undefined => {
    line++;
    if (to > from && buf.charCodeAt(to - 1) === 13) to--;
    if (!fields) {
      const header = buf.slice(from, to);
      if (header.trim()) fields = headerFields(header);
      return undefined;
    }
    const values = noValues();
    let count = 0;
    for (let pos = from; ; count++) {
      let bar = buf.indexOf('|', pos);
      if (bar < 0 || bar > to) bar = to;
      const field = fields[count];
      if (field) values[field] = unquote(buf.slice(pos, bar));
      if (bar === to) break;
      pos = bar + 1;
    }
    count++;
    if (count !== fields.length) {
      if (!buf.slice(from, to).trim()) return undefined;
      throw new ScanFileError(
        line,
        complete
          ? `${count} fields where the header has ${fields.length}`
          : `the file ends in the middle of this record (${count} of ${fields.length} fields): cut off?`,
      );
    }
    try {
      return toScan(values, line);
    } catch (err) {
      if (complete || !(err instanceof ScanFileError)) throw err;
      throw new ScanFileError(line, `the file ends in the middle of this record: cut off? (${err.message})`);
    }
  };
  for await (const chunk of text) {
    const buf = pending + chunk;
    let scans: Scan[] = [];
    let from = 0;
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n', from)) {
      const scan = row(buf, from, nl, true);
      if (scan) scans.push(scan);
      from = nl + 1;
      // Handed on in small batches: scans short-lived die young, cheap for the collector.
      if (scans.length === BATCH) {
        yield scans;
        scans = [];
      }
    }
    pending = buf.slice(from);
    if (scans.length) yield scans;
  }
  // A last line without its newline: whole if it reads, else the file was cut.
  const last = pending ? row(pending, 0, pending.length, false) : undefined;
  if (last) yield [last];
  if (!fields) throw new ScanFileError(1, 'the file has no header row');
}
