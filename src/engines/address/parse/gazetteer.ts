/**
 * City names the parser can recognise without commas: the US mailing cities of the
 * ZIP table. A city is accepted where it ends right before a state or ZIP, so the
 * lookup runs on a handful of suffixes per address.
 */
import { usCityGazetteer } from '../reference/us-zips.js';
import { townRegions } from '../reference/world-cities.js';
import type { Classified } from './classify.js';
import { spanKey } from './state.js';

const VARIANTS: Array<[RegExp, string]> = [
  [/^ST /, 'SAINT '],
  [/^SAINT /, 'ST '],
  [/^FT /, 'FORT '],
  [/^MT /, 'MOUNT '],
  [/^N /, 'NORTH '],
  [/^S /, 'SOUTH '],
  [/^E /, 'EAST '],
  [/^W /, 'WEST '],
];

/**
 * Last words of city names as USPS shortens them to fit 13 characters ("HUNTINGDON VY",
 * "COLORADO SPGS", "HASBROUCK HTS").
 */
const CITY_TAIL_ABBREVIATIONS: Record<string, string> = {
  VY: 'VALLEY',
  VLY: 'VALLEY',
  HTS: 'HEIGHTS',
  SPGS: 'SPRINGS',
  SPG: 'SPRING',
  BCH: 'BEACH',
  JCT: 'JUNCTION',
  CTR: 'CENTER',
  TWP: 'TOWNSHIP',
  VLG: 'VILLAGE',
  FLS: 'FALLS',
  HBR: 'HARBOR',
  MTN: 'MOUNTAIN',
};
const CITY_TAIL = /^(.+) (VY|VLY|HTS|SPGS|SPG|BCH|JCT|CTR|TWP|VLG|FLS|HBR|MTN)$/;

/** States in which the words form a known city (with St/Saint, Ft/Fort... folded). */
export function statesOfCity(key: string): ReadonlySet<string> | undefined {
  const direct = usCityGazetteer().get(key);
  if (direct) return direct;
  const tail = CITY_TAIL.exec(key);
  if (tail) {
    const long = statesOfCity(`${tail[1]} ${CITY_TAIL_ABBREVIATIONS[tail[2]]}`);
    if (long) return long;
  }
  for (const [re, sub] of VARIANTS) {
    if (re.test(key)) {
      const hit = usCityGazetteer().get(key.replace(re, sub));
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * Longest run of tokens ending at `end` (and starting at or after `min`) that is a known
 * city, in `stateCode` when given. Returns the start index or -1.
 */
export function cityEndingAt(tokens: Classified[], min: number, end: number, stateCode?: string): number {
  for (let n = Math.min(4, end - min); n >= 1; n--) {
    const start = end - n;
    if (tokens[start].seg !== tokens[end - 1].seg) continue;
    const states = statesOfCity(spanKey(tokens, start, end));
    if (states && (!stateCode || states.has(stateCode))) return start;
  }
  return -1;
}

/**
 * Whether tokens [start, end) name a place of the US state: a ZIP mailing city or a
 * GeoNames town, with an abbreviated opening word written out ("E Grand Rapids").
 */
export function isPlaceInState(tokens: Classified[], start: number, end: number, stateCode: string): boolean {
  const key = spanKey(tokens, start, end);
  if (statesOfCity(key)?.has(stateCode)) return true;
  const region = `US-${stateCode}`;
  if (townRegions(key)?.includes(region)) return true;
  for (const [re, sub] of VARIANTS)
    if (re.test(key) && townRegions(key.replace(re, sub))?.includes(region)) return true;
  return false;
}

/** Particles that end a street name ("Rue de Lyon"): a town cannot start right after one. */
const PARTICLES = new Set([
  'DE',
  'DU',
  'DES',
  'LA',
  'LE',
  'LES',
  'DEL',
  'DELLA',
  'DI',
  'DA',
  'DO',
  'DOS',
  'DAS',
  'VON',
  'VAN',
  'DER',
  'DEN',
  'OF',
  'THE',
  'AND',
  'Y',
  'E',
]);

/**
 * Longest run of tokens ending at `end` (starting at or after `min`, in one segment) that
 * names a world town in `region` (an alpha-2 code or US-ST; any region when omitted).
 */
export function townEndingAt(tokens: Classified[], min: number, end: number, region?: string): number {
  for (let n = Math.min(4, end - min); n >= 1; n--) {
    const start = end - n;
    if (tokens[start].seg !== tokens[end - 1].seg) continue;
    if (start > 0 && PARTICLES.has(tokens[start - 1].key)) continue;
    const regions = townRegions(spanKey(tokens, start, end));
    if (regions && (!region || regions.includes(region))) return start;
  }
  return -1;
}
