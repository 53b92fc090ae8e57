import { ScanFileError } from './scan-records.js';

const TAB = 0x09;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const SPACE = 0x20;
export const QUOTE = 0x22;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
const LETTER_U = 0x75;

/** Thrown by a step that ran out of text: it runs again, from its start, once more is read. */
export const MORE = Symbol('more text needed');

const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const CONTROL = /[\u0000-\u001f]/g;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * Strict JSON read from text that grows a chunk at a time (scan-json.ts reads a feed's records
 * with it). Each method reads from a position and answers where what it read ends; one that
 * meets the end of the text read so far throws MORE, and the caller runs its step again once
 * the next chunk is added. Anything JSON.parse would refuse is a ScanFileError naming a line.
 */
export class JsonText {
  buf = '';
  /** Where the next step starts, and its line (1-based). */
  pos = 0;
  line = 1;
  /** The next backslash and control character at or after where they were last looked up. */
  private slashAt = -1;
  private controlAt = -1;
  /** Whether the last string read held escapes. */
  protected escaped = false;

  /** The text from the next step on, and the chunk read after it. */
  add(chunk: string): void {
    // join, not +: a flat string, where + makes a rope that every charCodeAt walks through.
    this.buf = this.pos < this.buf.length ? [this.buf.slice(this.pos), chunk].join('') : chunk;
    this.pos = 0;
    this.slashAt = -1;
    this.controlAt = -1;
  }

  /**
   * Whether the key text at `at` is `known` (its character codes) and ends there (a quote
   * follows). The codes are kept rather than the key as read: a slice of an earlier chunk
   * would keep that whole chunk alive.
   */
  protected keyAt(at: number, known: Uint16Array): boolean {
    const buf = this.buf;
    const n = known.length;
    if (buf.charCodeAt(at + n) !== QUOTE) return false;
    for (let k = 0; k < n; k++) if (buf.charCodeAt(at + k) !== known[k]) return false;
    return true;
  }

  /** Whether the value at `pos` is an array whose first element is an object (or MORE to tell). */
  protected holdsObjects(pos: number): boolean {
    const buf = this.buf;
    if (buf.charCodeAt(pos) !== OPEN_ARRAY) return false;
    // A look ahead: the lines passed are counted when the array is read.
    let first = pos + 1;
    for (let c = buf.charCodeAt(first); c === SPACE || c === TAB || c === RETURN || c === NEWLINE; )
      c = buf.charCodeAt(++first);
    if (first >= buf.length) throw MORE;
    return buf.charCodeAt(first) === OPEN_OBJECT;
  }

  /** The string from the quote at `open` to its closing quote at `end`, unescaped. */
  protected stringAt(open: number, end: number): string {
    return this.escaped ? JSON.parse(this.buf.slice(open, end + 1)) : this.buf.slice(open + 1, end);
  }

  /**
   * The position of the closing quote of the string opened at `open`. Jumps from quote to
   * quote: the next backslash and control character are looked up once and remembered until
   * passed, since strings are most of a feed and nothing in them but escapes and their end
   * matters. Sets `escaped`.
   */
  protected stringEnd(open: number, line = this.line): number {
    const buf = this.buf;
    let from = open + 1;
    this.escaped = false;
    if (this.controlAt < from) {
      CONTROL.lastIndex = from;
      this.controlAt = CONTROL.exec(buf)?.index ?? buf.length;
    }
    for (;;) {
      const end = buf.indexOf('"', from);
      if (end < 0) throw MORE;
      if (this.slashAt < from) {
        const slash = buf.indexOf('\\', from);
        this.slashAt = slash < 0 ? buf.length : slash;
      }
      if (this.slashAt < end) {
        const slash = this.slashAt;
        // A \uXXXX escape cut by the end of the chunk is read again with the next.
        if (slash + 6 > buf.length && buf.charCodeAt(slash + 1) === LETTER_U) throw MORE;
        ESCAPE.lastIndex = slash;
        if (!ESCAPE.test(buf)) this.unexpected(slash + 1, 'an escape JSON knows after "\\"', line);
        this.escaped = true;
        from = ESCAPE.lastIndex;
        continue;
      }
      if (this.controlAt < end)
        throw new ScanFileError(line, 'the record is not valid JSON (a control character inside a string)');
      return end;
    }
  }

  /** The position just after the JSON value at `pos` (checked as JSON.parse would). */
  protected valueEnd(pos: number, depth: number, line = this.line): number {
    const buf = this.buf;
    const c = buf.charCodeAt(pos);
    if (c === QUOTE) return this.stringEnd(pos, line) + 1;
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth > 64) throw new ScanFileError(line, 'the record is not valid JSON (nested too deep)');
      const close = c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
      let at = this.space(pos + 1);
      if (buf.charCodeAt(at) === close) return at + 1;
      for (;;) {
        if (c === OPEN_OBJECT) {
          if (buf.charCodeAt(at) !== QUOTE) this.unexpected(at, 'a member name in quotes', line);
          at = this.space(this.stringEnd(at, line) + 1);
          if (buf.charCodeAt(at) !== COLON) this.unexpected(at, '":" after a member name', line);
          at = this.space(at + 1);
        }
        at = this.space(this.valueEnd(at, depth + 1, line));
        const next = buf.charCodeAt(at);
        if (next === close) return at + 1;
        if (next !== COMMA) this.unexpected(at, `"," or "${String.fromCharCode(close)}"`, line);
        at = this.space(at + 1);
      }
    }
    for (const word of ['true', 'false', 'null'])
      if (c === word.charCodeAt(0)) {
        if (pos + word.length >= buf.length) throw MORE;
        if (!buf.startsWith(word, pos)) this.unexpected(pos, 'a JSON value', line);
        return pos + word.length;
      }
    JSON_NUMBER.lastIndex = pos;
    if (!JSON_NUMBER.test(buf)) this.unexpected(pos, 'a JSON value', line);
    // A number that reaches the end of the text read so far may go on in the next chunk.
    if (JSON_NUMBER.lastIndex >= buf.length) throw MORE;
    return JSON_NUMBER.lastIndex;
  }

  /** The first position from `pos` that is not white space; counts the lines it passes. */
  protected space(pos: number): number {
    const buf = this.buf;
    for (; ; pos++) {
      const c = buf.charCodeAt(pos);
      if (c === SPACE || c === TAB || c === RETURN) continue;
      if (c !== NEWLINE) return pos;
      this.line++;
    }
  }

  /** The line the text left unread starts on, past its white space. */
  protected lineAfterSpace(): number {
    let line = this.line;
    for (let i = this.pos; i < this.buf.length; i++) {
      const c = this.buf.charCodeAt(i);
      if (c === NEWLINE) line++;
      else if (c !== SPACE && c !== TAB && c !== RETURN) break;
    }
    return line;
  }

  /** Not what JSON allows at `pos` (MORE where the text read so far ends there). */
  protected unexpected(pos: number, expected: string, line = this.line): never {
    if (pos >= this.buf.length) throw MORE;
    const found = JSON.stringify(this.buf.slice(pos, pos + 10));
    throw new ScanFileError(line, `the record is not valid JSON (expected ${expected}, found ${found})`);
  }
}
