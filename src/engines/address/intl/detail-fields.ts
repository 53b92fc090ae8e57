/**
 * Spec 2.10 `details`, every field as a row: where its value comes from, when it is present,
 * and how it is read (detail-facts.ts). present-verified.ts builds `details` by walking this
 * table, docs/international.md shows it ("Response fields"), and a test checks that the two
 * agree and that each row with a source appears over HTTP. A field without a source
 * (`telephone`) never appears.
 */
import type { DetailFacts } from './detail-facts.js';
import { foldName } from './places.js';
import type { IntlDetails } from './types.js';

/** Where a field's value comes from. */
export type FieldSource = 'parse' | 'format' | 'region tables' | 'gazetteer' | 'points' | 'verifier' | 'none';

export interface FieldRow<C, T> {
  field: keyof T & string;
  sources: readonly FieldSource[];
  /** When the field is present (docs/international.md's wording). */
  when: string;
  /** Text takes the answer's case (upper, or proper with properCase); codes and numbers keep theirs. */
  text: boolean;
  value: (c: C) => string | undefined;
}

type DetailRow = FieldRow<DetailFacts, IntlDetails>;

const row = (
  field: keyof IntlDetails,
  sources: readonly FieldSource[],
  when: string,
  value: DetailRow['value'],
  text = true,
): DetailRow => ({ field, sources, when, text, value });

export const INTL_DETAIL_FIELDS: readonly DetailRow[] = [
  row(
    'organization',
    ['parse'],
    'a line names an organization (a legal form ends it: Ltd, GmbH, SARL)',
    (f) => f.organization,
  ),
  row('building', ['parse'], 'a line names a building', (f) => f.building),
  row(
    'buildingType',
    ['parse'],
    'the building name opens or ends with a building word (Cottage, Edificio, Résidence)',
    (f) => f.buildingType,
  ),
  row('subBuilding', ['parse'], 'a unit or a floor is given', subBuilding),
  row('subBuildingType', ['parse'], 'the unit has a designator (Flat, Apt, Suite)', (f) =>
    f.unit?.designator !== '#' ? f.unit?.designator : undefined,
  ),
  row('subBuildingNumber', ['parse'], 'the unit has an id', (f) => f.unit?.id, false),
  row(
    'SubBuildingFloor',
    ['parse'],
    'a floor is given (2nd Floor, 3. OG, Piso 4; GROUND for a ground floor)',
    (f) => f.floor?.id,
  ),
  row('premise', ['parse'], 'a premise number is given, as written', (f) => f.number, false),
  row(
    'premiseNumber',
    ['parse'],
    'a premise number is given: its leading number',
    (f) => f.premise.number,
    false,
  ),
  row('premiseType', ['parse'], 'a word types the premise number (Blk, Nº, Nr., Km)', (f) => f.premiseType),
  row(
    'premiseSecondary',
    ['parse'],
    'the premise number goes on after its number (221B, 12 bis, 1-2-3, 12-14)',
    (f) => f.premise.secondary,
    false,
  ),
  row(
    'street',
    ['parse', 'points'],
    "a street is given (a typo corrected to the point's street; the main thoroughfare where a dependent one comes first)",
    (f) => f.street,
  ),
  row(
    'streetType',
    ['parse', 'points'],
    "the street has a type of the country's languages (Street, Rue, Via, Calle, -straße, -weg)",
    (f) => f.streetParts.type,
  ),
  row(
    'streetPreDirection',
    ['parse', 'points'],
    'a directional opens the street and two words follow (N Main St)',
    (f) => f.streetParts.preDirection,
  ),
  row(
    'streetPostDirection',
    ['parse', 'points'],
    'a directional ends the street after two words (Rue Sainte-Catherine Ouest)',
    (f) => f.streetParts.postDirection,
  ),
  row(
    'subStreet',
    ['parse'],
    'a second street follows the numbered one (1 Providence Place, Barrack Road: the numbered one)',
    (f) => f.subStreet,
  ),
  row('subStreetType', ['parse'], 'the dependent street has a type', (f) => f.subStreetParts.type),
  row(
    'subStreetPreDirection',
    ['parse'],
    'the dependent street opens with a directional',
    (f) => f.subStreetParts.preDirection,
  ),
  row(
    'subStreetPostDirection',
    ['parse'],
    'the dependent street ends with a directional',
    (f) => f.subStreetParts.postDirection,
  ),
  row(
    'postBox',
    ['parse'],
    'a post box is given (PO Box, Postfach, BP, Apartado, Caixa Postal)',
    (f) => f.postBox,
  ),
  row(
    'deliveryAddress',
    ['parse', 'format'],
    'a street or post box is given: its lines as laid out',
    deliveryAddress,
  ),
  row(
    'doubleDependentLocality',
    ['parse'],
    'two localities stand between the street and the town (the one further from the town)',
    (f) => f.doubleDependentLocality,
  ),
  row(
    'dependentLocality',
    ['parse', 'region tables'],
    'a locality stands between the street and the town, or the town form names a district (4e arrondissement, Kreuzberg)',
    (f) => f.dependentLocality,
  ),
  row('cityName', ['gazetteer', 'points', 'region tables'], 'the town is confirmed', (f) =>
    f.townConfirmed && f.city ? f.city : undefined,
  ),
  row(
    'citySecondary',
    ['gazetteer'],
    'the gazetteer names the confirmed town otherwise than the answer (MILANO: Milan; DUBLIN 2: Dublin)',
    citySecondary,
  ),
  row(
    'cityType',
    ['parse', 'region tables'],
    'the town is a Japanese or Korean municipality with its type (-ku Ward, -shi City, -gu District)',
    (f) => f.cityType,
  ),
  row(
    'subAdministrativeArea',
    ['gazetteer', 'region tables'],
    'the confirmed town lies in one second-level area (a county, département, district), or a US ZIP in one county',
    (f) => f.subAdministrativeArea,
  ),
  row(
    'provinceOrStateName',
    ['region tables', 'gazetteer'],
    'the region is known (given, or filled from the town)',
    (f) => f.provinceOrStateName,
  ),
  row(
    'provinceOrStateType',
    ['region tables'],
    "the region is known and the table types the country's regions (State, Province, Land, Prefecture, Canton)",
    (f) => f.provinceOrStateType,
  ),
  row(
    'superAdministrativeArea',
    ['region tables', 'gazetteer'],
    'the region is a second-level area (an Italian or Spanish province): the first-level one above it',
    (f) => f.superAdministrativeArea,
  ),
  row(
    'postalOrZipPrimary',
    ['format', 'points'],
    'the postal code is well formed (a US ZIP: its five digits)',
    postalPrimary,
    false,
  ),
  row(
    'postalOrZipSecondary',
    ['format', 'points'],
    'a US ZIP+4 is well formed: its add-on',
    postalSecondary,
    false,
  ),
  row(
    'telephone',
    ['none'],
    'never: nothing an address gives or the data holds is a telephone number',
    () => undefined,
  ),
];

function subBuilding(f: DetailFacts): string | undefined {
  const { unit, floor } = f;
  if (!unit || !floor) return unit?.text ?? floor?.text;
  return `${unit.text}, ${floor.text}`;
}

/** The laid-out lines of the street, the main thoroughfare after a dependent one, or the post box. */
function deliveryAddress(f: DetailFacts): string | undefined {
  const street = f.answerStreet?.toUpperCase();
  const { thoroughfare, postBox } = f;
  if (!street && !postBox) return undefined;
  let out = '';
  for (const line of f.laid.lines) {
    const upper = line.toUpperCase();
    const wanted =
      (street && upper.includes(street)) ||
      (thoroughfare && upper.includes(thoroughfare.toUpperCase())) ||
      (postBox && upper.includes(postBox.toUpperCase()));
    if (wanted) out = out ? `${out}, ${line}` : line;
  }
  return out || undefined;
}

function citySecondary(f: DetailFacts): string | undefined {
  const place = f.places[0];
  if (!place || !f.city) return undefined;
  return foldName(place.name) === foldName(f.city) ? undefined : place.name;
}

function postalPrimary(f: DetailFacts): string | undefined {
  const pc = f.postcode;
  if (pc.state !== 'valid') return undefined;
  return f.alpha2 === 'US' ? pc.code.slice(0, 5) : pc.code;
}

function postalSecondary(f: DetailFacts): string | undefined {
  const pc = f.postcode;
  return f.alpha2 === 'US' && pc.state === 'valid' && pc.code.length === 10 ? pc.code.slice(6) : undefined;
}
