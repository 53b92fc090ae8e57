/**
 * Words of numbered roads: route types ("Highway 80", "County Road 12"), the words that may
 * stand before them ("US", "State") and the words that may close a route's name ("Bypass").
 */

/** Route words that take a number after them: "US HWY 50", "STATE ROUTE 9", "COUNTY ROAD 12". */
export const ROUTE_TYPES: ReadonlySet<string> = new Set([
  'HWY',
  'HIGHWAY',
  'ROUTE',
  'RTE',
  'RT',
  'ROAD',
  'RD',
  'SR',
  'CR',
  'FM',
  'INTERSTATE',
  'I',
  'HIGHWY',
  'HIWAY',
  'TURNPIKE',
  'PIKE',
  'BYPASS',
  'FREEWAY',
  'EXPRESSWAY',
  'PARKWAY',
  'LOOP',
  'SPUR',
]);

/** US, STATE, COUNTY...: words that may stand before a route word. */
export const ROUTE_QUALIFIERS: ReadonlySet<string> = new Set([
  'US',
  'U S',
  'STATE',
  'COUNTY',
  'COUNTRY',
  'CO',
  'CNTY',
  'FARM',
  'RANCH',
  'TOWNSHIP',
  'TWP',
  'OLD',
  'NEW',
]);

/** Route words that take a number on their own; the rest ("Road") only after COUNTY, STATE... */
export const STRONG_ROUTE_TYPES: ReadonlySet<string> = new Set(
  'HWY HIGHWAY ROUTE RTE RT SR CR FM INTERSTATE HIGHWY HIWAY LOOP SPUR'.split(' '),
);

/** Words closing a numbered route's name: "US 17 Business", "Hwy 61 Bypass", "I 69 Alt". */
export const ROUTE_TAILS: ReadonlySet<string> = new Set([
  'BUSINESS',
  'BUS',
  'BYPASS',
  'BYP',
  'ALT',
  'ALTERNATE',
  'TRUCK',
  'SPUR',
  'CONNECTOR',
]);
