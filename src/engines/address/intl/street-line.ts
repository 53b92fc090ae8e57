/**
 * A street line read without assuming US order: the premise number may come before the
 * street ("10 Downing Street", "1-2-3 Marunouchi") or after it ("Hockenheimer Str. 43",
 * "Calle Mayor, 5"), and a sub-building may lead or trail it ("Flat 3, 221B Baker Street",
 * "Keizersgracht 123 II").
 */
import { foldName } from './places.js';

export interface StreetLine {
  /** The premise number as written ("221B", "43", "1-2-3"). */
  number?: string;
  /** The thoroughfare as written ("Baker Street"). */
  street?: string;
  /** A sub-building as written ("Flat 3"), split into designator and id when it has one. */
  unit?: { text: string; designator?: string; id?: string };
  /** A building name or other words that are neither ("Rose Cottage"). */
  building?: string;
}

const NUMBER = String.raw`\d+[A-Z]?(?:[-/]\d+[A-Z]?)*|\d+\s?[A-Z](?![A-Z])`;
const NUMBER_FIRST = new RegExp(String.raw`^(${NUMBER})(?:\s*,\s*|\s+)(\D.*)$`, 'i');
const NUMBER_LAST = new RegExp(String.raw`^(\D.*?)(?:\s*,\s*|\s+)(?:N[°º.]?\s*|NO\.?\s*)?(${NUMBER})$`, 'i');
const UNIT =
  /^(FLAT|APARTMENT|APT|UNIT|SUITE|STE|ROOM|RM|FLOOR|FL|LEVEL|PISO|PLANTA|PUERTA|PORTA|INTERNO|INT|SCALA|WOHNUNG|WHG|ETAGE|APPARTEMENT|APPT|BUREAU|LOCAL|#)\.?\s*(.*)$/i;

/** A unit phrase -> its designator and id ("Flat 3" -> FLAT, 3; "#4B" -> #, 4B). */
export function readUnitText(text: string): StreetLine['unit'] {
  const m = UNIT.exec(text.trim());
  if (!m) return { text: text.trim() };
  return { text: text.trim(), designator: m[1].toUpperCase(), ...(m[2] ? { id: m[2].toUpperCase() } : {}) };
}

function numberAndStreet(text: string): { number?: string; street?: string } {
  const t = text.trim();
  const first = NUMBER_FIRST.exec(t);
  if (first) return { number: first[1].toUpperCase().replace(/\s+/g, ''), street: first[2].trim() };
  const last = NUMBER_LAST.exec(t);
  if (last) return { street: last[1].trim(), number: last[2].toUpperCase().replace(/\s+/g, '') };
  return /\p{L}/u.test(t) ? { street: t } : {};
}

/** Reads one or more street-side lines ("Flat 3, 221B Baker Street" or line1 + line2). */
export function readStreetLine(lines: readonly string[]): StreetLine {
  const parts = lines
    .flatMap((l) => l.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
  const out: StreetLine = {};
  const rest: string[] = [];
  for (const part of parts) {
    if (UNIT.test(part) && !out.unit) out.unit = readUnitText(part);
    else rest.push(part);
  }
  // The part with a premise number is the street line; others are buildings or units.
  const read = rest.map(numberAndStreet);
  const numbered = read.findIndex((r) => r.number && r.street);
  const streetPart = numbered >= 0 ? numbered : rest.findIndex((p) => /\p{L}/u.test(p));
  if (streetPart >= 0) Object.assign(out, read[streetPart]);
  // "Calle Mayor, 5": a bare number right after the street is its premise number.
  const next = rest[streetPart + 1];
  if (streetPart >= 0 && !out.number && next && new RegExp(`^(?:${NUMBER})$`, 'i').test(next)) {
    out.number = next.toUpperCase();
    rest.splice(streetPart + 1, 1);
  }
  const others = rest.filter((_, i) => i !== streetPart);
  if (others.length) {
    if (streetPart > 0 || !out.unit) out.building = others.join(', ');
    else out.unit = readUnitText(others.join(' '));
  }
  return out;
}

/**
 * Street types written long or short ("STRASSE"/"STR", "STREET"/"ST"): compared in their short
 * form so either spelling of a point's street matches the other.
 */
const SHORT: Record<string, string> = {
  STRASSE: 'STR',
  STREET: 'ST',
  ROAD: 'RD',
  AVENUE: 'AVE',
  AV: 'AVE',
  AVDA: 'AVENIDA',
  BOULEVARD: 'BLVD',
  BD: 'BLVD',
  DRIVE: 'DR',
  LANE: 'LN',
  PLACE: 'PL',
  PLATZ: 'PL',
  SQUARE: 'SQ',
  CRESCENT: 'CRES',
  COURT: 'CT',
  TERRACE: 'TCE',
  GRACHT: 'GR',
  WEG: 'WEG',
  C: 'CALLE',
  CL: 'CALLE',
  R: 'RUE',
};

/** The comparison key of a street: folded, types short, spaces out ("Hockenheimer Straße" = "HOCKENHEIMERSTR"). */
export function streetMatchKey(street: string): string {
  return foldName(street)
    .split(' ')
    .map((w) => SHORT[w] ?? w.replace(/STRASSE$/, 'STR'))
    .join('');
}

/** House numbers compare without spaces ("43 A" = "43A"). */
export const premiseKey = (n: string) => n.toUpperCase().replace(/\s+/g, '');
