/** Words the parser reads in place names before the state and postcode. */

/** "King County", "Orleans Parish": words closing a county's name. */
export const COUNTY_WORDS: ReadonlySet<string> = new Set(['COUNTY', 'PARISH', 'BOROUGH']);

/**
 * Words that make a city's name a road's ("Old Houston", "Little Miami"), not a street before it.
 * Two-letter words are left out too: "8517 So Nashville" is South Nashville.
 */
export const PLACE_QUALIFIERS: ReadonlySet<string> = new Set([
  'OLD',
  'NEW',
  'LITTLE',
  'UPPER',
  'LOWER',
  'GREAT',
  'GRAND',
  'MOUNT',
  'PORT',
]);
