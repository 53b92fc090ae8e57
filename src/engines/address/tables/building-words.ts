/**
 * Words that name buildings, complexes, venues, institutions and firms rather than a
 * street: the parser reads them to tell a building's or a firm's name from the road.
 */

/** Words that end a building's name and never a street's. */
export const TOWER_WORDS: ReadonlySet<string> = new Set([
  'TOWER',
  'TOWERS',
  'TWR',
  'BLDG',
  'BUILDING',
  'OFFICES',
]);

/** Towers numbered like units ("Tower 2 Suite 100"): an id makes them a unit. */
export const NUMBERED_TOWER: ReadonlySet<string> = new Set(['TOWER', 'TWR']);

/** Words that open or close a building's name ("Park Place Apartments", "Kingston Hall"). */
export const BUILDING_WORDS: ReadonlySet<string> = new Set([
  'TOWER',
  'TOWERS',
  'APARTMENTS',
  'APTS',
  'FLATS',
  'LOFTS',
  'TOWNHOMES',
  'CONDOMINIUMS',
  'CONDOS',
  'BUILDING',
  'BLDG',
  'HALL',
  'HOUSE',
  'CENTER',
  'CENTRE',
  'COMMONS',
  'RESIDENCES',
  'SUITES',
  'MALL',
  'GARDENS',
  'COVE',
  'COURT',
  'PLAZA',
]);

/** "Tower", "Lofts", "The": words that open or close a building's name. */
export function isBuildingWord(key: string): boolean {
  return BUILDING_WORDS.has(key) || TOWER_WORDS.has(key) || key === 'THE';
}

/** Street types that name an office complex or building more often than a street. */
export const COMPLEX_TYPES: ReadonlySet<string> = new Set([
  'CENTER',
  'CTR',
  'CENTRE',
  'PLAZA',
  'PLZ',
  'SQUARE',
  'SQ',
  'PLACE',
  'PL',
  'TOWER',
  'MALL',
]);

/** Center, Plaza, Square...: a street type that may name an office complex. */
export function isComplexType(key: string): boolean {
  return COMPLEX_TYPES.has(key);
}

/** Words that close the name of a park or a complex of buildings. */
export const COMPLEX_CLOSERS: ReadonlySet<string> = new Set([
  'PARK',
  'COMMONS',
  'CENTER',
  'CENTRE',
  'PLAZA',
  'MALL',
  'SQUARE',
  'VILLAGE',
]);

/** PARK, COMMONS, PLAZA...: a word that closes the name of a park or a complex. */
export function isComplexCloser(key: string): boolean {
  return COMPLEX_CLOSERS.has(key);
}

/**
 * Words closing the name of a place one goes to rather than a thoroughfare; without a
 * house number such a name is the building ("Union Station", "Lee Bird Fld").
 */
export const VENUE_WORDS: ReadonlySet<string> = new Set(
  'STATION STA CENTER CTR CENTRE FIELD FLD VILLAGE VLG MALL PLACE HARBOR HBR SQUARE SQ PLAZA PLZ AIRPORT INN BUILDING BLDG TOWER TOWERS'.split(
    ' ',
  ),
);

/** Words naming an institution ("University of Hawaii at Hilo"): its name is a building. */
export const INSTITUTION_WORDS: ReadonlySet<string> = new Set(
  'UNIVERSITY COLLEGE SCHOOL MUSEUM HOSPITAL LIBRARY ACADEMY INSTITUTE STADIUM THEATRE THEATER CATHEDRAL'.split(
    ' ',
  ),
);

/** Words that make a line a firm's name ("... Consultants Inc"). */
export const FIRM_WORDS: ReadonlySet<string> = new Set([
  'INC',
  'LLC',
  'LTD',
  'CORP',
  'CORPORATION',
  'LLP',
  'INCORPORATED',
  'GMBH',
]);

/** INC, LLC, GMBH...: a word that makes the words around it a firm's name. */
export function isFirmWord(key: string): boolean {
  return FIRM_WORDS.has(key);
}
