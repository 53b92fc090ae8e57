import type { DbfField, DbfReader } from '../boundaries/dbf.js';
import { ImportInputError } from '../import/import-errors.js';

/**
 * TIGER/Line address range features (ADDRFEAT, tl_YYYY_SSCCC_addrfeat: one file per county), as
 * the Census Bureau's TIGER/Line Shapefiles Technical Documentation defines them: one record
 * per edge and its address ranges, the line of the edge, and per side (L left, R right, walking
 * the line from its start) the from and to house numbers (LFROMHN/LTOHN, RFROMHN/RTOHN, text of
 * up to 12 characters: the potential numbers, at the line's start and end), the side's 5-digit
 * ZIP (ZIPL/ZIPR), parity (PARITYL/PARITYR: E even, O odd, B both), offset flag
 * (OFFSETL/OFFSETR: Y the range lies on an offset of the edge, N not) and address range id
 * (ARIDL/ARIDR); TLID (the edge's permanent id) and FULLNAME (the primary name with its
 * directionals and types, "N Main St", "Old Shelbyville Rd").
 */
export const ADDRFEAT_REQUIRED = [
  'TLID',
  'FULLNAME',
  'LFROMHN',
  'LTOHN',
  'RFROMHN',
  'RTOHN',
  'ZIPL',
  'ZIPR',
  'PARITYL',
  'PARITYR',
  'OFFSETL',
  'OFFSETR',
] as const;

/** One side of a record, its text as the file gives it (trimmed). */
export interface SideColumns {
  side: 'L' | 'R';
  from: string;
  to: string;
  zip: string;
  parity: string;
  offset: string;
  arid: string;
  plus4: string;
}

export interface SegmentColumns {
  tlid: string;
  fullname: string;
  sides: [SideColumns, SideColumns];
}

/** Whether a .dbf's columns are an ADDRFEAT file's (for a file not named as the Census names them). */
export const hasAddrfeatColumns = (dbf: DbfReader) =>
  ['TLID', 'LFROMHN', 'RFROMHN', 'ZIPL'].every((n) => dbf.field(n));

/** A reader of an ADDRFEAT .dbf's records; refuses a file without the documented columns, naming it. */
export function addrfeatReader(file: string, dbf: DbfReader): (raw: Buffer) => SegmentColumns {
  const missing = ADDRFEAT_REQUIRED.filter((n) => !dbf.field(n));
  if (missing.length)
    throw new ImportInputError(
      `${file}: wrong columns for a TIGER/Line ADDRFEAT file: no ${missing.join(', ')} ` +
        `(its columns: ${dbf.fields.map((f) => f.name).join(', ')})`,
    );
  const ascii = (f: DbfField | undefined) =>
    f ? (raw: Buffer) => raw.toString('latin1', f.offset, f.offset + f.length).trim() : () => '';
  const col = (n: string) => ascii(dbf.field(n));
  const fullname = dbf.field('FULLNAME')!;
  const tlid = col('TLID');
  const side = (s: 'L' | 'R') => {
    const from = col(`${s}FROMHN`);
    const to = col(`${s}TOHN`);
    const zip = col(`ZIP${s}`);
    const parity = col(`PARITY${s}`);
    const offset = col(`OFFSET${s}`);
    const arid = col(`ARID${s}`);
    const plus4 = col(`PLUS4${s}`);
    return (raw: Buffer): SideColumns => ({
      side: s,
      from: from(raw),
      to: to(raw),
      zip: zip(raw),
      parity: parity(raw),
      offset: offset(raw),
      arid: arid(raw),
      plus4: plus4(raw),
    });
  };
  const left = side('L');
  const right = side('R');
  return (raw) => ({
    tlid: tlid(raw),
    fullname: dbf.text(raw, fullname),
    sides: [left(raw), right(raw)],
  });
}

/** A side's range as stored: numbers, parity, offset; or why it is refused (counted in the summary). */
export interface SideRange {
  prefix: string;
  from: number;
  to: number;
  parity: 'E' | 'O' | 'B';
  offset: boolean;
}

const PLAIN = /^\d{1,9}$/;
const HYPHENATED = /^(\d+)-(\d{1,9})$/;

/**
 * A side's numbers as the documentation reads them: plain numbers, or Queens-style hyphenated
 * ones ("101-01" to "101-99") whose ends share the part before the hyphen, the range running
 * over the part after it. Undefined for a side without a range (both ends blank); a reason for
 * one that cannot be read (one end blank, letters, ends of two hyphen prefixes, a parity other
 * than E, O or B, no ZIP).
 */
export function sideRange(s: SideColumns): SideRange | string | undefined {
  if (!s.from && !s.to) return undefined;
  if (!s.from || !s.to) return 'range with one end blank';
  let prefix = '';
  let from: number;
  let to: number;
  if (PLAIN.test(s.from) && PLAIN.test(s.to)) {
    from = Number(s.from);
    to = Number(s.to);
  } else {
    const a = HYPHENATED.exec(s.from);
    const b = HYPHENATED.exec(s.to);
    if (!a || !b) return 'range not a number (letters)';
    if (a[1] !== b[1]) return 'hyphenated range with two prefixes';
    prefix = `${a[1]}-`;
    from = Number(a[2]);
    to = Number(b[2]);
  }
  if (!/^\d{5}$/.test(s.zip)) return 'range without a ZIP';
  const parity = parityOf(s.parity.toUpperCase(), from, to);
  if (!parity) return `range of parity "${s.parity}"`;
  return { prefix, from, to, parity, offset: s.offset.toUpperCase() === 'Y' };
}

/** E, O or B as given; blank: from the ends (both even, both odd, else both parities). */
function parityOf(given: string, from: number, to: number): SideRange['parity'] | undefined {
  if (given === 'E' || given === 'O' || given === 'B') return given;
  if (given) return undefined;
  if (from % 2 === to % 2) return from % 2 === 0 ? 'E' : 'O';
  return 'B';
}
