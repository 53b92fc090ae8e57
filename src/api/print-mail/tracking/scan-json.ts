import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  JsonText,
  MORE,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from './scan-json-text.js';
import {
  fieldNamed,
  hasCode,
  noValues,
  type Scan,
  type ScanField,
  ScanFileError,
  toScan,
} from './scan-records.js';

const BATCH = 1000;
/** IV-MTR records are a few hundred bytes; a longer value is not a feed. */
const MAX_VALUE = 1 << 20;

/** Thrown by a top-level object found to hold the records in an array member. */
const CONTAINER = Symbol('a container of records');

/**
 * Where the reader stands between steps: at the top level, in a records array (before its
 * first element, after an element, after a comma), or among a container object's members.
 */
type Place = 'top' | 'records-first' | 'records-next' | 'records-element' | 'members-first' | 'members-next';

/** The field each JSON key names, remembered (a feed repeats a dozen keys a million times); bounded. */
const fieldOfKey = new Map<string, ScanField | undefined>();
function jsonField(key: string): ScanField | undefined {
  if (fieldOfKey.has(key)) return fieldOfKey.get(key);
  if (fieldOfKey.size > 1000) fieldOfKey.clear();
  const field = fieldNamed(key);
  fieldOfKey.set(key, field);
  return field;
}

/**
 * A JSON feed read in one pass, straight from the text into scans: no record is parsed twice
 * and no object is built for it but its values. The text is read in steps (a record, a
 * separator, a container's member); a step that runs past the text read so far throws MORE
 * and runs again from its start when the next chunk has been added, so nothing of a step is
 * half-kept. Strict JSON: anything JSON.parse would refuse in a record is an error naming
 * its line.
 */
class JsonFeed extends JsonText {
  place: Place = 'top';
  /** The records array being read is a container object's member (else the top level's). */
  inContainer = false;
  /** Per member position: the last escape-free key there and its field (a feed keeps its order). */
  private keys: Uint16Array[] = [];
  private keyFields: Array<ScanField | undefined> = [];

  /** Runs steps until the text runs out; each scan read goes to `out`. */
  read(out: Scan[]): void {
    for (;;) {
      const { pos, line, place, inContainer } = this;
      try {
        const scan = this.step();
        if (scan) out.push(scan);
        if (out.length === BATCH) return;
      } catch (err) {
        if (err !== MORE) throw err;
        this.pos = pos;
        this.line = line;
        this.place = place;
        this.inContainer = inContainer;
        if (this.buf.length - pos > MAX_VALUE)
          throw new ScanFileError(
            this.lineAfterSpace(),
            'a record or value of more than 1 MiB: an IV-MTR feed holds records of a few hundred bytes',
          );
        return;
      }
    }
  }

  /** At the end of the file: only white space may be left, at the top level. */
  end(): void {
    if (this.place === 'top' && !this.buf.slice(this.pos).trim()) return;
    throw new ScanFileError(
      this.lineAfterSpace(),
      'the file ends inside a record (cut off?): nothing of the file was imported',
    );
  }

  /** One step from where the last ended: a record read (its scan), or a separator passed. */
  private step(): Scan | undefined {
    const pos = this.space(this.pos);
    const c = this.buf.charCodeAt(pos);
    switch (this.place) {
      case 'top':
        return this.topValue(pos, c);
      case 'records-first':
      case 'records-next':
        if (c === CLOSE_ARRAY) {
          this.pos = pos + 1;
          this.place = this.inContainer ? 'members-next' : 'top';
          return undefined;
        }
        if (this.place === 'records-first') return this.element(pos, c);
        if (c !== COMMA) return this.unexpected(pos, '"," or "]" after a record');
        this.pos = pos + 1;
        this.place = 'records-element';
        return undefined;
      case 'records-element':
        return this.element(pos, c);
      case 'members-first':
      case 'members-next':
        if (c === CLOSE_OBJECT) {
          this.pos = pos + 1;
          this.place = 'top';
          return undefined;
        }
        if (this.place === 'members-next') {
          if (c !== COMMA) return this.unexpected(pos, '"," or "}" after a member');
          this.pos = this.space(pos + 1);
        } else this.pos = pos;
        this.containerMember();
        return undefined;
    }
  }

  /** A top-level value: a records array, a record, or an object holding records. */
  private topValue(pos: number, c: number): Scan | undefined {
    if (c === OPEN_ARRAY) {
      this.pos = pos + 1;
      this.place = 'records-first';
      this.inContainer = false;
      return undefined;
    }
    if (c !== OPEN_OBJECT)
      return this.unexpected(pos, 'a record object, an array of records or an object holding them');
    this.pos = pos;
    const line = this.line;
    try {
      return this.record(true);
    } catch (err) {
      if (err !== CONTAINER) throw err;
      this.pos = pos + 1;
      this.line = line;
      this.place = 'members-first';
      return undefined;
    }
  }

  /** An element of a records array: a record. */
  private element(pos: number, c: number): Scan | undefined {
    if (c !== OPEN_OBJECT) return this.unexpected(pos, 'a record object in the records array');
    this.pos = pos;
    this.place = 'records-next';
    return this.record(false);
  }

  /**
   * A container's member: an array of records is read record by record (its records are
   * steps of their own); any other value is checked and passed over.
   */
  private containerMember(): void {
    const buf = this.buf;
    let pos = this.pos;
    if (buf.charCodeAt(pos) !== QUOTE) this.unexpected(pos, 'a member name in quotes');
    pos = this.space(this.stringEnd(pos) + 1);
    if (buf.charCodeAt(pos) !== COLON) this.unexpected(pos, '":" after a member name');
    pos = this.space(pos + 1);
    if (this.holdsObjects(pos)) {
      this.pos = pos + 1;
      this.place = 'records-first';
      this.inContainer = true;
      return;
    }
    this.pos = this.valueEnd(pos, 0);
    this.place = 'members-next';
  }

  /**
   * The record object at `pos` as a scan (undefined: a top-level object with no barcode and
   * an array member, a container of no records). `top`: at the top level, where an object
   * holding an array of objects is a container (CONTAINER is thrown), not a record.
   */
  private record(top: boolean): Scan | undefined {
    const buf = this.buf;
    const line = this.line;
    const values = noValues();
    let sawArray = false;
    let pos = this.space(this.pos + 1);
    if (buf.charCodeAt(pos) === CLOSE_OBJECT) pos++;
    else
      for (let member = 0; ; member++) {
        if (buf.charCodeAt(pos) !== QUOTE) this.unexpected(pos, 'a member name in quotes', line);
        let field: ScanField | undefined;
        let keyEnd: number;
        const known = this.keys[member];
        if (known !== undefined && this.keyAt(pos + 1, known)) {
          field = this.keyFields[member];
          keyEnd = pos + 1 + known.length;
        } else {
          keyEnd = this.stringEnd(pos, line);
          const key = this.stringAt(pos, keyEnd);
          field = jsonField(key);
          if (!this.escaped) {
            this.keys[member] = Uint16Array.from(key, (ch) => ch.charCodeAt(0));
            this.keyFields[member] = field;
          }
        }
        pos = this.space(keyEnd + 1);
        if (buf.charCodeAt(pos) !== COLON) this.unexpected(pos, '":" after a member name', line);
        pos = this.space(pos + 1);
        const c = buf.charCodeAt(pos);
        if (c === QUOTE) {
          const end = this.stringEnd(pos, line);
          if (field) values[field] = this.stringAt(pos, end);
          pos = end + 1;
        } else {
          if (c === OPEN_ARRAY) {
            if (top && this.holdsObjects(pos)) throw CONTAINER;
            sawArray = true;
          }
          const end = this.valueEnd(pos, 0, line);
          if (field) {
            const value: unknown = JSON.parse(buf.slice(pos, end));
            if (value !== null) values[field] = String(value);
          }
          pos = end;
        }
        pos = this.space(pos);
        const next = buf.charCodeAt(pos);
        if (next === CLOSE_OBJECT) {
          pos++;
          break;
        }
        if (next !== COMMA) this.unexpected(pos, '"," or "}" after a member', line);
        pos = this.space(pos + 1);
      }
    this.pos = pos;
    if (top && sawArray && values.imb === undefined && !hasCode(values)) return undefined;
    if (!hasCode(values))
      throw new ScanFileError(line, 'the record has none of scanEventCode, operationCode, mailPhase');
    return toScan(values, line);
  }
}

/**
 * The records of a JSON feed: objects at the top level (one per line, say), the elements of
 * a top-level array, or the elements of an array member of a top-level object (`{"events":
 * [...]}`). Memory holds one chunk of the input and the record it ends in; scans come out in
 * batches, short-lived, as the delimited reader gives them.
 */
export async function* readJson(text: AsyncIterable<string>): AsyncGenerator<Scan[]> {
  const feed = new JsonFeed();
  for await (const chunk of text) {
    feed.add(chunk);
    for (;;) {
      const scans: Scan[] = [];
      feed.read(scans);
      if (scans.length) yield scans;
      if (scans.length < BATCH) break;
    }
  }
  feed.end();
}
