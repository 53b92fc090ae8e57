import type { FsaRecord } from './canada-fsa.js';
import { townRegions } from './world-cities.js';

/** FSA letters that lie wholly in one city: Toronto's M and Montréal's H (Canada Post's map). */
const CITY_OF_LETTER: Readonly<Record<string, string>> = { M: 'TORONTO', H: 'MONTREAL' };

/** Words the source uses for a part of a town or region, never a town on their own. */
const PLACE_PARTS = new Set(
  'CENTRAL NORTH SOUTH EAST WEST NORTHEAST NORTHWEST SOUTHEAST SOUTHWEST NE NW SE SW DOWNTOWN OUTER INNER UPPER LOWER'.split(
    ' ',
  ),
);
/** Descriptions of a region rather than a town ("Frontenac County", "Kawartha Lakes And Haliburton County"). */
const REGION_WORDS = /\b(COUNTY|REGION|DISTRICT|AND|OF|TOWNSHIP|STN|BOXES)\b/;

const isCanadianTown = (name: string) =>
  !PLACE_PARTS.has(name) && (townRegions(name)?.includes('CA') ?? false);

/** The longest run of words naming a Canadian town in the gazetteer. */
function townIn(part: string): string | undefined {
  const words = part.split(/[\s/]+/).filter(Boolean);
  for (let length = words.length; length > 0; length--)
    for (let start = 0; start + length <= words.length; start++) {
      const name = words.slice(start, start + length).join(' ');
      if (isCanadianTown(name)) return name;
    }
  return undefined;
}

/**
 * The town of a forward sortation area. The source describes an FSA, not a town ("Ottawa
 * (centre Town)", "Downtown Toronto (underground City)", "Central Foothills (sundre)"): the
 * town is the longest run of its words that names a Canadian town in the gazetteer, looked
 * for outside the brackets first (inside first for a rural FSA, whose brackets hold its main
 * town). Failing that, a short description that names no region is taken as the town itself
 * (a village too small for the gazetteer: "Apohaqui"). Undefined otherwise.
 */
export function fsaCity(record: FsaRecord): string | undefined {
  const byLetter = CITY_OF_LETTER[record.fsa[0]];
  if (byLetter) return byLetter;
  const text = record.area.toUpperCase().replace(/\./g, '').replace(/-\s+/g, '-');
  const outside = text
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const inside = [...text.matchAll(/\(([^)]*)\)?/g)].map((m) => m[1]);
  for (const part of record.rural ? [...inside, outside] : [outside, ...inside]) {
    const town = townIn(part);
    if (town) return town;
  }
  const words = outside.split(' ').filter((w) => !PLACE_PARTS.has(w));
  return words.length && words.length <= 3 && !REGION_WORDS.test(outside) ? words.join(' ') : undefined;
}
