import type { Queryable } from '../../db/pool.js';
import type { StreetForm } from '../../engines/address/verify/reference-point.js';
import { streetKey } from '../../engines/address/verify/reference-point.js';
import type { StreetRange } from '../../engines/address/verify/street-range.js';
import type { NamedRange } from '../../engines/address/verify/zip-block.js';

/** The verifier's reads of street_ranges (migration 0061): a ZIP's ranges, coverage, version. */

export interface NameColumns {
  pre_direction: string | null;
  pre_type: string | null;
  street_name: string;
  street_type: string | null;
  post_direction: string | null;
}

interface RangeRow extends NameColumns {
  zip: string;
  state: string;
  county: string;
  arid: string | null;
  side: 'L' | 'R';
  hn_prefix: string;
  from_hn: number;
  to_hn: number;
  parity: 'E' | 'O' | 'B';
  plus4: string | null;
  line: Buffer;
}

interface AlternateRow extends NameColumns {
  county: string;
  arid: string;
}

/** Interns strings and street forms: a ZIP's ranges repeat a few streets many times. */
export function streetForms(): (r: NameColumns) => StreetForm {
  const strings = new Map<string, string>();
  const one = (v: string) => {
    const seen = strings.get(v);
    if (seen !== undefined) return seen;
    strings.set(v, v);
    return v;
  };
  const streets = new Map<string, StreetForm>();
  return (r) => {
    const id = `${r.pre_direction}|${r.pre_type}|${r.street_name}|${r.street_type}|${r.post_direction}`;
    let form = streets.get(id);
    if (!form) {
      form = { name: one(r.street_name) };
      if (r.pre_direction) form.preDirection = one(r.pre_direction);
      if (r.pre_type) form.preType = one(r.pre_type);
      if (r.street_type) form.type = one(r.street_type);
      if (r.post_direction) form.postDirection = one(r.post_direction);
      streets.set(id, form);
    }
    return form;
  };
}

/** int32 little-endian pairs as stored, copied into an aligned array (pg's buffers may not be). */
export const lineOf = (bytes: Buffer) => new Int32Array(new Uint8Array(bytes).buffer);

/**
 * Every side range of some ZIPs, by ZIP, each under its primary name and under every alternate
 * name of its ARID (ADDRFN): an input naming "US HWY 31E" finds Bardstown Road's ranges.
 */
export async function rangesInZips(db: Queryable, zips: string[]): Promise<Map<string, NamedRange[]>> {
  const [ranges, alternates] = await Promise.all([
    db.query<RangeRow>(
      `SELECT zip, state, county, arid, side, hn_prefix, from_hn, to_hn, parity, plus4, line, pre_direction,
              pre_type, street_name, street_type, post_direction
         FROM street_ranges WHERE zip = ANY($1)`,
      [zips],
    ),
    db.query<AlternateRow>(
      `SELECT n.county, n.arid, n.pre_direction, n.pre_type, n.street_name, n.street_type, n.post_direction
         FROM street_range_names n
        WHERE (n.county, n.arid) IN (SELECT county, arid FROM street_ranges WHERE zip = ANY($1) AND arid IS NOT NULL)`,
      [zips],
    ),
  ]);
  const form = streetForms();
  const names = new Map<string, StreetForm[]>();
  for (const a of alternates.rows) {
    const key = `${a.county}|${a.arid}`;
    const list = names.get(key);
    if (list) list.push(form(a));
    else names.set(key, [form(a)]);
  }
  const byZip = new Map<string, NamedRange[]>();
  for (const r of ranges.rows) {
    const range: StreetRange = {
      prefix: r.hn_prefix,
      from: r.from_hn,
      to: r.to_hn,
      parity: r.parity,
      side: r.side,
      zip: r.zip,
      state: r.state,
      line: lineOf(r.line),
    };
    // "0000" is no add-on, as for NAD's Plus_4 (the importer keeps four digits or nothing).
    if (r.plus4 && r.plus4 !== '0000') range.plus4 = r.plus4;
    const primary = form(r);
    const list = byZip.get(r.zip) ?? [];
    list.push({ street: primary, range });
    const key = streetKey(primary);
    for (const alt of r.arid ? (names.get(`${r.county}|${r.arid}`) ?? []) : [])
      if (streetKey(alt) !== key) list.push({ street: alt, range, primary });
    byZip.set(r.zip, list);
  }
  return byZip;
}

/** The ZIPs ranges cover, as the points' coverage table has them (ZIP, state, the ZIP's city). */
export async function rangeAreas(
  db: Queryable,
): Promise<Array<{ zip: string; state: string; city: string }>> {
  return (await db.query('SELECT zip, state, city FROM street_range_areas')).rows;
}

/** Moves when an import changed a range or an alternate name. */
export async function rangesVersion(db: Queryable): Promise<string> {
  return (await db.query('SELECT version::text AS v FROM street_range_version')).rows[0]?.v ?? '0';
}

/** ZIPs of a state with ranges of a street of this name (street-only inputs). */
export async function zipsWithRangeStreet(db: Queryable, state: string, name: string): Promise<string[]> {
  const res = await db.query(
    'SELECT DISTINCT zip FROM street_ranges WHERE street_name COLLATE "C" = $2 AND state = $1 LIMIT 200',
    [state, name],
  );
  return res.rows.map((r) => r.zip);
}
