import {
  CODES,
  fieldNamed,
  type Scan,
  type ScanField,
  ScanFileError,
  type ScanValues,
  toScan,
} from './scan-records.js';

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** Where the scan stands: nesting, strings, and the record being cut out. */
class JsonCursor {
  stack: number[] = [];
  line = 1;
  inString = false;
  escaped = false;
  /** Index in the buffer where the current record starts, or -1. */
  start = -1;
  startLine = 0;
  /** The stack's depth outside the current record. */
  startDepth = 0;
  /** The top-level object holds the records in an array member (`{"events": [...]}`). */
  container = false;
  /** The next backslash and line break in the chunk, once looked up (-1: not yet). */
  slashAt = -1;
  breakAt = -1;

  /** True where a `{` starts a record: the top, a top-level array, a container's array. */
  atRecord(): boolean {
    const s = this.stack;
    if (s.length === 0 || (s.length === 1 && s[0] === OPEN_ARRAY)) return true;
    // A top-level object whose array member holds objects is a container, not a record.
    if (s.length === 2 && s[0] === OPEN_OBJECT && s[1] === OPEN_ARRAY) this.container = true;
    return this.container && s.length === 2;
  }
}

/**
 * Cuts the records out of a JSON feed without parsing the whole document: a character scan
 * tracks nesting and strings, and each record object is handed to JSON.parse alone, so
 * memory holds one piece of the input at a time. A record is an object at the top level (one per line),
 * an element of a top-level array, or an element of an array member of a top-level object.
 */
export async function* readJson(text: AsyncIterable<string>): AsyncGenerator<Scan[]> {
  const at = new JsonCursor();
  let buf = '';
  let pos = 0;
  for await (const chunk of text) {
    // Keep only the record being cut out, if any, before the new text.
    if (at.start >= 0) {
      buf = buf.slice(at.start) + chunk;
      pos -= at.start;
      at.start = 0;
    } else {
      buf = chunk;
      pos = 0;
    }
    at.slashAt = -1;
    at.breakAt = -1;
    let scans: Scan[] = [];
    for (; pos < buf.length; pos++) {
      if (at.inString) {
        pos = stringEnd(buf, pos, at);
        continue;
      }
      const c = buf.charCodeAt(pos);
      if (c === NEWLINE) at.line++;
      else if (c === QUOTE) at.inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (c === OPEN_OBJECT && at.atRecord()) {
          at.start = pos;
          at.startLine = at.line;
          at.startDepth = at.stack.length;
        }
        at.stack.push(c);
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (at.stack.pop() !== (c === CLOSE_OBJECT ? OPEN_OBJECT : OPEN_ARRAY))
          throw new ScanFileError(at.line, `a "${String.fromCharCode(c)}" that closes nothing open`);
        if (c === CLOSE_OBJECT && at.start >= 0 && at.stack.length === at.startDepth) {
          const record = buf.slice(at.start, pos + 1);
          at.start = -1;
          // A top-level object that turned out to be a container is not a record itself.
          if (!(at.container && at.startDepth === 0)) scans.push(jsonRecord(record, at.startLine));
          // Handed on in small batches, as the delimited reader does: short-lived scans die young.
          if (scans.length === 1000) {
            yield scans;
            scans = [];
          }
        }
        if (at.stack.length === 0) at.container = false;
      }
    }
    if (scans.length) yield scans;
  }
  if (at.stack.length || at.inString)
    throw new ScanFileError(
      at.start >= 0 ? at.startLine : at.line,
      'the file ends inside a record (cut off?): nothing of the file was imported',
    );
}

/** The position of `char` in `buf` from `from`, or the buffer's length: none. */
const nextOf = (buf: string, char: string, from: number) => {
  const i = buf.indexOf(char, from);
  return i < 0 ? buf.length : i;
};

/**
 * Inside a string from `pos`: the position of its closing quote (the string ends there), or
 * the chunk's last position (it goes on in the next chunk). Jumps from quote to quote, since
 * strings are most of a feed and nothing in them but their end and escapes matters; the next
 * backslash and line break are looked up once and remembered until passed. A raw line break
 * in a string is counted, though JSON.parse will refuse its record.
 */
function stringEnd(buf: string, pos: number, at: JsonCursor): number {
  let i = pos;
  if (at.escaped) {
    at.escaped = false;
    i++;
  }
  for (;;) {
    if (i >= buf.length) return buf.length - 1;
    const end = nextOf(buf, '"', i);
    if (at.slashAt < i) at.slashAt = nextOf(buf, '\\', i);
    if (at.breakAt < i) at.breakAt = nextOf(buf, '\n', i);
    while (at.breakAt < end) {
      at.line++;
      at.breakAt = nextOf(buf, '\n', at.breakAt + 1);
    }
    if (at.slashAt < end) {
      // An escape: the character after it is not the end, even a quote.
      if (at.slashAt + 1 >= buf.length) {
        at.escaped = true;
        return buf.length - 1;
      }
      i = at.slashAt + 2;
      continue;
    }
    if (end === buf.length) return buf.length - 1;
    at.inString = false;
    return end;
  }
}

/** The field each JSON key names, remembered (a feed repeats a dozen keys a million times); bounded. */
const fieldOfKey = new Map<string, ScanField | undefined>();
function jsonField(key: string): ScanField | undefined {
  if (fieldOfKey.has(key)) return fieldOfKey.get(key);
  if (fieldOfKey.size > 1000) fieldOfKey.clear();
  const field = fieldNamed(key);
  fieldOfKey.set(key, field);
  return field;
}

/** A JSON record's members as fields (other members are ignored). */
function jsonRecord(text: string, line: number): Scan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ScanFileError(line, `the record is not valid JSON (${(err as Error).message})`);
  }
  const record: ScanValues = {};
  for (const [key, v] of Object.entries(value as object)) {
    const field = jsonField(key);
    if (field && v !== null && v !== undefined) record[field] = String(v);
  }
  if (!CODES.some((f) => record[f] !== undefined))
    throw new ScanFileError(line, 'the record has none of scanEventCode, operationCode, mailPhase');
  return toScan(record, line);
}
