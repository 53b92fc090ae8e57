/**
 * Towns written in forms a list of cities does not hold (tables/intl-town-forms.ts), read
 * into the town the answer writes, the gazetteer's name to confirm it by, and the district
 * the form names: a city-state named alone or not at all ("1 Raffles Place, Singapore
 * 048616"), a postal district in the town line ("Dublin 6W", "København Ø"), an
 * arrondissement ("Paris 4e" -> PARIS, 4e arrondissement, 75004), one of Tokyo's wards
 * ("Shibuya-ku"), a district of a city that is a Land ("Berlin-Kreuzberg" -> BERLIN,
 * Kreuzberg). The postal codes a form allows are checked against the one given (area.ts).
 */
import { CITY_TYPE_SUFFIXES } from '../tables/intl-address-words.js';
import {
  CITY_LANDS,
  CITY_STATES,
  type CityState,
  DISTRICT_TOWNS,
  type DistrictTown,
  TOKYO,
  TOKYO_WARDS,
} from '../tables/intl-town-forms.js';
import { foldName, placesNamed } from './places.js';
import { postcodeKey } from './postcode.js';

export interface TownForm {
  kind: 'city-state' | 'postal-district' | 'arrondissement' | 'ward' | 'city-part';
  /** The town as the answer writes it ("DUBLIN 6W", "PARIS", "SHIBUYA-KU", "SINGAPORE"). */
  city: string;
  /** The gazetteer's name of the town, to confirm it and place it by. */
  gazetteer: string;
  /** The table alone confirms the town (Tokyo's wards: not all are gazetteer places). */
  confirmed?: true;
  /** The district the answer's town line leaves out ("4e arrondissement", "Kreuzberg"). */
  district?: string;
  /** The postal codes the form allows (compact, inclusive ranges). */
  postcodes?: ReadonlyArray<readonly [string, string]>;
  /** The one postal code the form implies (filled where none was given). */
  postcode?: string;
  /** The region the form lies in (Tokyo: "13"). */
  region?: string;
  cityType?: string;
}

const byCountry = <T extends { country: string }>(rows: readonly T[]) => {
  const m = new Map<string, T[]>();
  for (const r of rows) m.set(r.country, [...(m.get(r.country) ?? []), r]);
  return m;
};
const CITY_STATE = new Map(CITY_STATES.map((c) => [c.country, c]));
const DISTRICTS = byCountry(DISTRICT_TOWNS);
const LANDS = byCountry(CITY_LANDS);
/** Folded spellings of each town, and each Land's districts by folded name. */
const SPELLINGS = new Map<object, string[]>(
  [...DISTRICT_TOWNS, ...CITY_LANDS].map((t) => [t, t.spellings.map(foldName)]),
);
const LAND_DISTRICTS = new Map(CITY_LANDS.map((l) => [l, new Map(l.districts.map((d) => [foldName(d), d]))]));
/** Folded name -> the city-state it names (freeform: the country named by its town). */
const CITY_STATE_NAMES = new Map(CITY_STATES.flatMap((c) => c.names.map((n) => [foldName(n), c] as const)));

/** Whether a compact postal code lies in one of the ranges. */
export const inRanges = (code: string, ranges: ReadonlyArray<readonly [string, string]>) =>
  ranges.some(([lo, hi]) => code.length >= lo.length && code >= lo && code <= hi);

/** The city-state a text names ("Singapore", "Vatican City"), if any. */
export const cityStateNamed = (text: string): CityState | undefined => CITY_STATE_NAMES.get(foldName(text));

/** The form of the town written `city` in `country` (with the postal code and region given), if any. */
export function townFormOf(
  country: string,
  city: string | undefined,
  postcode: string | undefined,
  region: string | undefined,
): TownForm | undefined {
  const state = CITY_STATE.get(country);
  if (state) return cityStateForm(state, city);
  if (!city) return undefined;
  const key = foldName(city);
  for (const town of DISTRICTS.get(country) ?? []) {
    const form = districtForm(town, key);
    if (form) return form;
  }
  if (country === 'JP') return wardForm(key, postcode, region);
  for (const land of LANDS.get(country) ?? []) {
    const form = cityPartForm(land, key, postcode);
    if (form) return form;
  }
  return undefined;
}

/** A city-state: its town whether named or not; a place of it named as the town is its district. */
function cityStateForm(state: CityState, city: string | undefined): TownForm | undefined {
  const form: TownForm = {
    kind: 'city-state',
    city: state.town,
    gazetteer: state.gazetteer ?? state.town,
    ...(state.postcode ? { postcode: state.postcode } : {}),
    ...(state.postcodes ? { postcodes: state.postcodes } : {}),
  };
  if (!city || cityStateNamed(city) === state) return form;
  const places = placesNamed(state.country, city);
  return places.length ? { ...form, district: places[0].name } : undefined;
}

/** "DUBLIN 6W", "D02", "KOBENHAVN OE", "PARIS 4E ARRONDISSEMENT", "LYON 02". */
function districtForm(town: DistrictTown, key: string): TownForm | undefined {
  let rest: string | undefined;
  for (const s of SPELLINGS.get(town) ?? []) if (key.startsWith(`${s} `)) rest = key.slice(s.length + 1);
  // Dublin's districts are written alone by their routing key too ("D6W").
  if (rest === undefined && town.country === 'IE' && /^D ?\d/.test(key)) rest = key;
  if (rest === undefined) return undefined;
  const id = town.kind === 'line' ? lineDistrictId(town, rest) : arrondissementId(rest);
  const district = id ? town.districts.find((d) => foldName(d.id) === id) : undefined;
  if (!district) return undefined;
  const postcodes = district.postcodes;
  if (town.kind === 'line')
    return { kind: 'postal-district', city: `${town.town} ${district.id}`, gazetteer: town.town, postcodes };
  const n = Number(district.id);
  return {
    kind: 'arrondissement',
    city: town.town,
    gazetteer: town.town,
    district: `${n}${n === 1 ? 'er' : 'e'} arrondissement`,
    postcodes,
    ...(postcodes.length === 1 ? { postcode: postcodes[0][0] } : {}),
  };
}

/** "2", "02", "D2", "D 02", "6W" -> "2", "6W"; "OE", "O" -> "Ø". */
function lineDistrictId(town: DistrictTown, rest: string): string | undefined {
  if (town.country === 'IE') {
    const m = /^(?:D ?)?0?(\d{1,2}W?)$/.exec(rest);
    return m?.[1];
  }
  return rest === 'OE' || rest === 'O' ? 'Ø' : rest;
}

/** "4", "04", "4E", "4EME", "1ER", "4E ARRONDISSEMENT", "4E ARR" -> "4". */
function arrondissementId(rest: string): string | undefined {
  const m = /^0?(\d{1,2}) ?(?:E|ER|ERE|EME|EMES)?(?: ARR(?:ONDISSEMENT)?)?$/.exec(rest);
  return m?.[1];
}

/** Ward spellings (folded) -> the ward: "SHIBUYA", "CHUO", "CHUOU", "OOTA"... */
const WARDS = new Map<string, (typeof TOKYO_WARDS)[number]>(
  TOKYO_WARDS.flatMap((w) => {
    const spellings = ['o', 'ou', 'oo'].map((o) => w.name.replace(/ō/g, o).replace(/Ō/g, o.toUpperCase()));
    return spellings.map((k) => [foldName(k), w] as const);
  }),
);

/**
 * One of Tokyo's wards ("Shibuya-ku", "Shibuya City", "Shibuya"), unless the address says
 * it is elsewhere (another region, a postal code outside Tokyo); a name other cities' wards
 * share only with Tokyo in the address.
 */
function wardForm(
  key: string,
  postcode: string | undefined,
  region: string | undefined,
): TownForm | undefined {
  const m = /^(.*?)(?: (KU|CITY))?$/.exec(key);
  const ward = m && WARDS.get(m[1]);
  if (!ward) return undefined;
  const inTokyo = region ? /^(TOKYO|TOKYO TO|TOKYO METROPOLIS|13)$/.test(foldName(region)) : undefined;
  const code = postcode ? postcodeKey(postcode) : '';
  if (inTokyo === false || (code && !code.startsWith(TOKYO.postcodeStart))) return undefined;
  if (ward.shared && !inTokyo && !code) return undefined;
  const name = foldName(ward.name).toLowerCase();
  return {
    kind: 'ward',
    city: `${name[0].toUpperCase()}${name.slice(1)}-ku`,
    gazetteer: ward.name,
    confirmed: true,
    region: TOKYO.region,
    cityType: CITY_TYPE_SUFFIXES.JP.KU,
  };
}

/** "Berlin-Kreuzberg", "Hamburg Altona", "Hamburg-Mitte"; a district alone with the city's postal code. */
function cityPartForm(
  land: (typeof CITY_LANDS)[number],
  key: string,
  postcode: string | undefined,
): TownForm | undefined {
  const form = {
    kind: 'city-part',
    city: land.city,
    gazetteer: land.city,
    postcodes: land.postcodes,
  } as const;
  const named = SPELLINGS.get(land)?.find((s) => key.startsWith(`${s} `));
  const after = named ? partOf(land, key.slice(named.length + 1)) : undefined;
  if (after) return { ...form, district: after };
  // "Hamburg-Mitte" is a district's own name; a district alone is the city's only with one of its
  // postal codes ("Kreuzberg, 10997").
  const whole = partOf(land, key);
  if (!whole || !(named || (postcode && inRanges(postcodeKey(postcode), land.postcodes)))) return undefined;
  return { ...form, district: whole };
}

/** The district a folded text names: a Bezirk of the table, or a gazetteer place of the Land other than the city. */
function partOf(land: (typeof CITY_LANDS)[number], key: string): string | undefined {
  const listed = LAND_DISTRICTS.get(land)?.get(key);
  if (listed) return listed;
  if (SPELLINGS.get(land)?.includes(key)) return undefined;
  return placesNamed(land.country, key).find((p) => p.admin1 === land.admin1)?.name;
}
