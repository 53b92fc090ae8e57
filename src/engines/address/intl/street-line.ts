/**
 * A street line read without assuming US order: the premise number may come before the
 * street ("10 Downing Street", "1-2-3 Marunouchi", "Blk 123 Ang Mo Kio Ave 3") or after it
 * ("Hockenheimer Str. 43", "Calle Mayor, 5", "Calle Mayor Nº 5"), and the other parts of the
 * street side may be a sub-building, a floor, a post box, an organization, a building's
 * name, or a second thoroughfare after the numbered one ("1 Providence Place, Barrack Road")
 * (line-parts.ts).
 */
import {
  floorOf,
  isOrganization,
  isUnit,
  mayBeFloorOrBox,
  PREMISE_TYPE,
  postBoxOf,
  readUnitText,
  type Unit,
} from './line-parts.js';
import { foldName } from './places.js';
import { looksLikeStreet } from './street-parts.js';

export { readUnitText } from './line-parts.js';

export interface StreetLine {
  /** The premise number as written ("221B", "43", "1-2-3", "12 BIS"). */
  number?: string;
  /** The word that types the premise number ("BLK", "Nº", "KM"). */
  premiseType?: string;
  /** The thoroughfare as written ("Baker Street"). */
  street?: string;
  /** A second thoroughfare named after the numbered one (the main street of a dependent one). */
  thoroughfare?: string;
  /** A sub-building as written ("Flat 3"), split into designator and id when it has one. */
  unit?: Unit;
  /** A floor as written ("2nd Floor") and its number ("2"). */
  floor?: { text: string; id: string };
  /** A post box as written ("PO Box 123"). */
  postBox?: string;
  /** An organization's name ("Acme Ltd"). */
  organization?: string;
  /** A building name or other words that are neither ("Rose Cottage"). */
  building?: string;
}

const NUMBER = String.raw`\d+\s?(?:BIS|TER|QUATER)\b|\d+[A-Z]?(?:[-/]\d+[A-Z]?)*|\d+\s?[A-Z](?![A-Z])`;
const NUMBER_FIRST = new RegExp(String.raw`^(?:(${PREMISE_TYPE})\s*)?(${NUMBER})(?:\s*,\s*|\s+)(\D.*)$`, 'i');
const NUMBER_LAST = new RegExp(
  String.raw`^(\D.*?)(?:\s*,\s*|\s+)(?:(${PREMISE_TYPE}|N)\s*)?(${NUMBER})$`,
  'i',
);
const BARE_NUMBER = new RegExp(`^(?:${NUMBER})$`, 'i');

/** "12 bis" keeps its space, as the posts write it; "43 A" is "43A". */
const numberOf = (n: string) => {
  const upper = n.toUpperCase().replace(/\s+/g, ' ');
  return /\d (BIS|TER|QUATER)$/.test(upper) ? upper : upper.replace(/ /g, '');
};

type NumberAndStreet = Pick<StreetLine, 'number' | 'premiseType' | 'street'>;

/** A premise type as read, set on the part ("N" alone is no type: "Calle Mayor N 5"). */
function typed(part: NumberAndStreet, type: string | undefined): NumberAndStreet {
  if (type && type.toUpperCase() !== 'N') part.premiseType = type;
  return part;
}

function numberAndStreet(text: string): NumberAndStreet {
  const t = text.trim();
  const first = NUMBER_FIRST.exec(t);
  if (first) return typed({ number: numberOf(first[2]), street: first[3].trim() }, first[1]);
  const last = NUMBER_LAST.exec(t);
  if (last) return typed({ street: last[1].trim(), number: numberOf(last[3]) }, last[2]);
  return /\p{L}/u.test(t) ? { street: t } : {};
}

/** The parts that are no street (unit, floor, box, organization) -> their fields; the rest in order. */
function setAside(parts: readonly string[], country: string): { out: StreetLine; rest: string[] } {
  const out: StreetLine = {};
  const rest: string[] = [];
  for (const part of parts) {
    const special = mayBeFloorOrBox(part);
    const floor = out.floor || !special ? undefined : floorOf(part);
    const box = out.postBox || !special ? undefined : postBoxOf(part);
    if (floor) out.floor = floor;
    else if (box) out.postBox = box;
    else if (isUnit(part) && !out.unit) out.unit = readUnitText(part);
    else if (!out.organization && isOrganization(country, part)) out.organization = part;
    else rest.push(part);
  }
  return { out, rest };
}

/** Reads one or more street-side lines ("Flat 3, 221B Baker Street" or line1 + line2) of `country`. */
export function readStreetLine(lines: readonly string[], country = ''): StreetLine {
  const parts = lines
    .flatMap((l) => l.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
  const { out, rest } = setAside(parts, country);
  // The part with a premise number is the street line; others are buildings or units.
  const read = rest.map(numberAndStreet);
  const numbered = read.findIndex((r) => r.number && r.street);
  const streetPart = numbered >= 0 ? numbered : rest.findIndex((p) => /\p{L}/u.test(p));
  if (streetPart >= 0) Object.assign(out, read[streetPart]);
  // "Calle Mayor, 5": a bare number right after the street is its premise number.
  const next = rest[streetPart + 1];
  if (streetPart >= 0 && !out.number && next && BARE_NUMBER.test(next)) {
    out.number = numberOf(next);
    rest.splice(streetPart + 1, 1);
  }
  // "1 Providence Place, Barrack Road": a street after the numbered one is the main thoroughfare.
  const after = rest[streetPart + 1];
  if (numbered >= 0 && country && after && !/\d/.test(after) && looksLikeStreet(country, after)) {
    out.thoroughfare = after;
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
