/**
 * Words the parser reads inside or around a street's name: number suffixes, mile posts,
 * name particles, urbanizations, intersection markers (route words: route-words.ts).
 */

/** "1 bis Av. Amélie": French and Italian repeat suffixes belong to the number. */
export const NUMBER_SUFFIXES: ReadonlySet<string> = new Set(['BIS', 'TER', 'QUATER']);

/** "Mile 12", "Mi K": an Alaska mile post standing for the house number. */
export const MILE_WORDS: ReadonlySet<string> = new Set(['MILE', 'MI']);

/** Puerto Rico: "URB Las Gladiolas 150 Calle A" - the urbanization precedes the street. */
export const URBANIZATION: ReadonlySet<string> = new Set(['URB', 'URBANIZACION', 'URBANIZACIÓN']);

/** Words inside a street's name that keep what follows in it ("Via de Ventura"). */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'DE',
  'DEL',
  'LA',
  'LAS',
  'LOS',
  'EL',
  'OF',
  'DU',
  'DES',
]);

/** "Corner of", "Jct", "Crossroads": words announcing an intersection, not part of a street. */
export const INTERSECTION_MARKERS: ReadonlyArray<readonly string[]> = [
  ['CORNER', 'OF'],
  ['INTERSECTION', 'OF'],
  ['JCT'],
  ['JUNCTION'],
  ['CROSSROADS'],
  ['CRSRDS'],
];
