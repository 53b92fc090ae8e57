import { isSystemName } from './system-names.js';

/**
 * Reads a report's SQL the way PostgreSQL's lexer does (string literals, quoted identifiers,
 * dollar quotes, nested block comments), so the sandbox can wrap it in a query of its own
 * without the text being able to close that wrapping early.
 */

export class ReportSqlError extends Error {
  override readonly name = 'ReportSqlError';
}

/** The text names a system catalog or function (system-names.ts): refused before it runs. */
export class ReportSqlForbidden extends ReportSqlError {
  constructor(readonly identifier: string) {
    super(`cannot use ${identifier}: reports see only their own views (docs/reports.md).`);
  }
}

export interface PreparedReportSql {
  /** One query expression, trailing `;` removed, `?` placeholders numbered `$1`, `$2`… */
  text: string;
  /** How many parameters the text refers to. */
  parameterCount: number;
}

export const REPORT_SQL_MAX_CHARS = 100_000;

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/**
 * Checks `sql` is one statement whose parentheses balance and whose names (plain, quoted or
 * Unicode-escaped) include no system catalog or function, strips a final `;`, and numbers
 * `?` placeholders when the caller passes parameters and the text has no `$n` of its own
 * (without parameters a `?` stays the jsonb operator it then is).
 */
export function prepareReportSql(sql: string, params: readonly string[] = []): PreparedReportSql {
  if (sql.trim() === '') throw new ReportSqlError('is empty.');
  if (sql.length > REPORT_SQL_MAX_CHARS)
    throw new ReportSqlError(`is longer than ${REPORT_SQL_MAX_CHARS} characters.`);
  const pieces: string[] = [];
  const questionMarks: number[] = [];
  let highestDollar = 0;
  let depth = 0;
  let i = 0;
  let statementEnd = -1;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (statementEnd >= 0 && !/\s/.test(c) && !(c === '-' && next === '-') && !(c === '/' && next === '*')) {
      if (c === ';') {
        i++;
        continue;
      }
      throw new ReportSqlError('must be a single statement: nothing may follow its ";".');
    }
    if (c === "'") {
      const escapes = i > 0 && /[eE]/.test(sql[i - 1]) && (i < 2 || !IDENT_CHAR.test(sql[i - 2]));
      i = skipQuoted(sql, i, "'", escapes);
    } else if (c === '"') {
      const end = skipQuoted(sql, i, '"', false);
      checkName(quotedIdentifier(sql, i, end));
      i = end;
    } else if (IDENT_START.test(c) && (i === 0 || !IDENT_CHAR.test(sql[i - 1]))) {
      let end = i + 1;
      while (end < sql.length && IDENT_CHAR.test(sql[end])) end++;
      checkName(sql.slice(i, end));
      i = end;
    } else if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && next === '*') {
      i = skipBlockComment(sql, i);
    } else if (c === '$' && (i === 0 || !IDENT_CHAR.test(sql[i - 1]))) {
      const number = /^\$(\d+)/.exec(sql.slice(i, i + 12));
      const tag = number ? null : DOLLAR_TAG.exec(sql.slice(i, i + 200));
      if (number) {
        highestDollar = Math.max(highestDollar, Number(number[1]));
        i += number[0].length;
      } else if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        if (close < 0) throw new ReportSqlError(`has an unterminated dollar-quoted string ${tag[0]}.`);
        i = close + tag[0].length;
      } else i++;
    } else if (c === '(') {
      depth++;
      i++;
    } else if (c === ')') {
      if (--depth < 0) throw new ReportSqlError('has a ")" without its "(".');
      i++;
    } else if (c === ';') {
      if (depth > 0) throw new ReportSqlError('has a ";" inside parentheses.');
      statementEnd = i;
      i++;
    } else if (c === '?') {
      questionMarks.push(i);
      i++;
    } else i++;
  }
  if (depth > 0) throw new ReportSqlError('has a "(" without its ")".');
  const body = statementEnd >= 0 ? sql.slice(0, statementEnd) : sql;
  if (body.trim() === '') throw new ReportSqlError('is empty.');

  if (params.length === 0 || highestDollar > 0 || questionMarks.length === 0)
    return { text: body, parameterCount: highestDollar };
  let from = 0;
  questionMarks.forEach((at, n) => {
    pieces.push(body.slice(from, at), `$${n + 1}`);
    from = at + 1;
  });
  pieces.push(body.slice(from));
  return { text: pieces.join(''), parameterCount: questionMarks.length };
}

function checkName(identifier: string): void {
  if (isSystemName(identifier)) throw new ReportSqlForbidden(identifier);
}

/**
 * The name a quoted identifier spells: `""` is one quote, and after `U&` the escapes `\XXXX`
 * and `\+XXXXXX` are the characters they code (a UESCAPE clause, which changes the escape
 * character, is refused rather than read).
 */
function quotedIdentifier(sql: string, start: number, end: number): string {
  const text = sql.slice(start + 1, end - 1).replace(/""/g, '"');
  if (!/u&$/i.test(sql.slice(Math.max(0, start - 2), start))) return text;
  if (/^\s*uescape\b/i.test(sql.slice(end))) throw new ReportSqlError('cannot use UESCAPE.');
  return text.replace(/\\(?:\+([0-9a-fA-F]{6})|([0-9a-fA-F]{4})|(\\))/g, (_, long, short, slash) =>
    slash ? '\\' : String.fromCodePoint(Math.min(Number.parseInt(long ?? short, 16), 0x10ffff)),
  );
}

function skipQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote && sql[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  throw new ReportSqlError(
    quote === "'" ? 'has an unterminated string literal.' : 'has an unterminated quoted identifier.',
  );
}

function skipBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      i += 2;
      if (--depth === 0) return i;
    } else i++;
  }
  throw new ReportSqlError('has an unterminated /* comment.');
}
