import { StringDecoder } from 'node:string_decoder';
import { readDelimited } from './scan-delimited.js';
import { readJson } from './scan-json.js';
import type { Scan } from './scan-records.js';

/**
 * Reads IV-MTR piece scan records from a stream, as USPS delivers its data feeds: JSON (an
 * array of records, an object holding them in an array member such as `events`, or one
 * record per line) or delimited text (a header row naming the fields, then one record per
 * line, fields separated by `|`). Scans come out a piece of the input at a time (an array
 * per chunk read), so a file of any size is read in constant memory. A record that cannot
 * be read, a header without the needed columns, or a file that ends inside a record is a
 * ScanFileError naming the line.
 */
export type ScanInput = AsyncIterable<Buffer | string> | Iterable<Buffer | string>;

export async function* readScans(input: ScanInput): AsyncGenerator<Scan[]> {
  // One decoder for the whole stream: a character whose bytes straddle two chunks stays whole.
  const decoder = new StringDecoder('utf8');
  const chunks = (async function* () {
    for await (const c of input) yield typeof c === 'string' ? c : decoder.write(c);
    const rest = decoder.end();
    if (rest) yield rest;
  })();
  let first = '';
  // The first character that is not white space tells the format.
  for (;;) {
    const next = await chunks.next();
    if (next.done) return;
    first += next.value;
    if (first.trim()) break;
  }
  // A byte order mark (as Windows tools write) is not part of the feed.
  if (first.charCodeAt(0) === 0xfeff) first = first.slice(1);
  const rest = (async function* () {
    yield first;
    yield* chunks;
  })();
  const format = /^\s*[[{]/.test(first) ? readJson : readDelimited;
  yield* format(rest);
}
