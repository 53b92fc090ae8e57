/**
 * Directionals. English per USPS Publication 28 (section 233 / Appendix B); Spanish
 * per Pub 28's Puerto Rico guidance; French per Canada Post's addressing guide
 * (O for OUEST, NO/SO for NORD-OUEST/SUD-OUEST).
 */
export interface Directional {
  /** Standard abbreviation in the language's own postal style (N, NE, O, SO...). */
  abbr: string;
  full: string;
  lang: 'en' | 'es' | 'fr';
}

const ROWS: Array<[string, string, Directional['lang'], string[]]> = [
  ['N', 'NORTH', 'en', ['N', 'NORTH']],
  ['S', 'SOUTH', 'en', ['S', 'SOUTH']],
  ['E', 'EAST', 'en', ['E', 'EAST']],
  ['W', 'WEST', 'en', ['W', 'WEST']],
  ['NE', 'NORTHEAST', 'en', ['NE', 'NORTHEAST', 'NORTH-EAST']],
  ['NW', 'NORTHWEST', 'en', ['NW', 'NORTHWEST', 'NORTH-WEST']],
  ['SE', 'SOUTHEAST', 'en', ['SE', 'SOUTHEAST', 'SOUTH-EAST']],
  ['SW', 'SOUTHWEST', 'en', ['SW', 'SOUTHWEST', 'SOUTH-WEST']],
  ['N', 'NORTE', 'es', ['NORTE']],
  ['S', 'SUR', 'es', ['SUR']],
  ['E', 'ESTE', 'es', ['ESTE']],
  ['O', 'OESTE', 'es', ['OESTE']],
  ['N', 'NORD', 'fr', ['NORD']],
  ['S', 'SUD', 'fr', ['SUD']],
  ['E', 'EST', 'fr', []],
  ['O', 'OUEST', 'fr', ['OUEST']],
  ['NE', 'NORD-EST', 'fr', ['NORD-EST']],
  ['NO', 'NORD-OUEST', 'fr', ['NORD-OUEST']],
  ['SE', 'SUD-EST', 'fr', ['SUD-EST']],
  ['SO', 'SUD-OUEST', 'fr', ['SUD-OUEST']],
];

function build(): Map<string, Directional> {
  const map = new Map<string, Directional>();
  for (const [abbr, full, lang, spellings] of ROWS) {
    for (const s of spellings) if (!map.has(s)) map.set(s, { abbr, full, lang });
  }
  return map;
}

/**
 * Spelling (upper case, no periods) -> directional. "EST" (French east) is left out on
 * purpose: it is also the USPS suffix ESTATE. "NO" is read as a unit number sign instead.
 */
export const DIRECTIONALS: ReadonlyMap<string, Directional> = build();

export function directional(word: string): Directional | undefined {
  return DIRECTIONALS.get(word);
}

/** Full English word for an English abbreviation, for proper-case expansion. */
export const DIRECTIONAL_FULL: Readonly<Record<string, string>> = {
  N: 'NORTH',
  S: 'SOUTH',
  E: 'EAST',
  W: 'WEST',
  NE: 'NORTHEAST',
  NW: 'NORTHWEST',
  SE: 'SOUTHEAST',
  SW: 'SOUTHWEST',
};
