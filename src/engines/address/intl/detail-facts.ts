/**
 * What `details` are drawn from, worked out once per verification asked for them: the
 * answer's street and its parts (a point's where one matched), the premise number's parts,
 * the town's names and kind, and the administrative areas around it from the gazetteer and
 * the region tables. detail-fields.ts picks each field from these.
 */
import { reference } from '../reference/index.js';
import { CITY_TYPE_SUFFIXES } from '../tables/intl-address-words.js';
import { regionType } from '../tables/intl-region-types.js';
import { buildingTypeOf } from './line-parts.js';
import { adminNames, foldName, type Place } from './places.js';
import type { PostcodeCheck } from './postcode.js';
import type { Lines } from './present.js';
import type { IntlVerification } from './present-verified.js';
import type { StreetLine } from './street-line.js';
import { pointStreetParts, type StreetParts, streetPartsOf } from './street-parts.js';

/**
 * One flat object of one shape (every key set, undefined where nothing holds): the rows of
 * detail-fields.ts read it many times, and a fixed shape keeps each read cheap.
 */
export interface DetailFacts {
  v: IntlVerification;
  laid: Lines;
  alpha2: string;
  /** The parse's parts of the street side. */
  organization: string | undefined;
  building: string | undefined;
  buildingType: string | undefined;
  unit: StreetLine['unit'];
  floor: StreetLine['floor'];
  number: string | undefined;
  premiseType: string | undefined;
  premise: { number?: string; secondary?: string };
  postBox: string | undefined;
  thoroughfare: string | undefined;
  /** The answer's street: the point's where a typo was corrected. */
  answerStreet: string | undefined;
  /** The main thoroughfare (the one named after a dependent one, else the answer's street). */
  street: string | undefined;
  streetParts: StreetParts;
  /** The dependent thoroughfare the premise number is on, where a main one follows it. */
  subStreet: string | undefined;
  subStreetParts: StreetParts;
  dependentLocality: string | undefined;
  doubleDependentLocality: string | undefined;
  city: string;
  /** The town is confirmed (the gazetteer, a point, a table). */
  townConfirmed: boolean;
  /** The gazetteer's places the town is, inside the region. */
  places: readonly Place[];
  cityType: string | undefined;
  subAdministrativeArea: string | undefined;
  provinceOrStateName: string | undefined;
  provinceOrStateType: string | undefined;
  superAdministrativeArea: string | undefined;
  postcode: PostcodeCheck;
}

export function detailFactsOf(v: IntlVerification, laid: Lines): DetailFacts {
  const { read, area, answer, match } = v;
  const s = read.street;
  const alpha2 = area.alpha2;
  const places = area.localityConfirmed ? area.town.inRegion : [];
  const region = answer.region;
  const thoroughfare = s.thoroughfare;
  return {
    v,
    laid,
    alpha2,
    organization: s.organization,
    building: s.building,
    buildingType: s.building ? buildingTypeOf(s.building) : undefined,
    unit: s.unit,
    floor: s.floor,
    number: s.number,
    premiseType: s.premiseType,
    premise: premiseParts(s.number),
    postBox: s.postBox,
    thoroughfare,
    answerStreet: answer.street,
    street: thoroughfare ?? answer.street,
    streetParts: thoroughfare ? streetPartsOf(alpha2, thoroughfare) : answerStreetParts(v),
    subStreet: thoroughfare ? answer.street : undefined,
    subStreetParts: thoroughfare ? answerStreetParts(v) : NO_PARTS,
    dependentLocality: read.dependentLocality ?? read.town?.district,
    doubleDependentLocality: read.doubleDependentLocality,
    city: answer.city,
    townConfirmed: area.localityConfirmed || !!match.point,
    places,
    cityType: read.town?.cityType ?? cityTypeOf(alpha2, answer.city),
    subAdministrativeArea: subAreaOf(v, places),
    provinceOrStateName: region?.name,
    provinceOrStateType: region ? regionType(alpha2, region.code, region.name) : undefined,
    superAdministrativeArea: superAreaOf(v),
    postcode: answer.postcode,
  };
}

const NO_PARTS: StreetParts = Object.freeze({});

/** The answer's street's parts: the point's own where its source split it (US, Canada) and no typo was corrected. */
function answerStreetParts(v: IntlVerification): StreetParts {
  const point = v.match.point;
  return point && !v.match.typo
    ? pointStreetParts(v.area.alpha2, point.street)
    : streetPartsOf(v.area.alpha2, v.answer.street);
}

/** "221B" -> 221 + B; "12 BIS" -> 12 + BIS; "1-2-3" -> 1 + 2-3; "12-14" -> 12 + 14; "43" -> 43. */
function premiseParts(number: string | undefined): DetailFacts['premise'] {
  if (!number) return {};
  const m = /^(\d+)[\s/-]?(.*)$/.exec(number);
  if (!m) return { number };
  return { number: m[1], ...(m[2] ? { secondary: m[2] } : {}) };
}

/** A Japanese or Korean municipality's type from its suffix ("Yokohama-shi" -> City). */
function cityTypeOf(alpha2: string, city: string): string | undefined {
  const suffixes = CITY_TYPE_SUFFIXES[alpha2];
  const m = suffixes && /[\s-]([A-Za-z]+)$/.exec(city);
  return m ? suffixes[m[1].toUpperCase()] : undefined;
}

/**
 * The area below the region: the US ZIP's one county (the ZIP table), else the one second-level
 * area (GeoNames) all of the town's places lie in, where the region is first-level and the area
 * is not the town itself (Japan's municipalities are).
 */
function subAreaOf(v: IntlVerification, places: readonly Place[]): string | undefined {
  const { alpha2, rule } = v.area;
  if (alpha2 === 'US') {
    const pc = v.answer.postcode;
    const confirmed = v.area.postcodeConfirmed || !!v.match.point;
    const counties =
      pc.state === 'valid' && confirmed ? reference.zip(pc.code.slice(0, 5))?.counties : undefined;
    return counties?.length === 1 ? counties[0].name : undefined;
  }
  if (rule.regionLevel !== 'admin1' || !places.length) return undefined;
  const [first] = places;
  if (!first.admin2 || places.some((p) => p.admin1 !== first.admin1 || p.admin2 !== first.admin2))
    return undefined;
  const name = adminNames().get(`${alpha2}.${first.admin1}.${first.admin2}`);
  if (!name) return undefined;
  // Not the town itself as a municipality ("Chiyoda-ku", "Gemeente Utrecht", "København" for KØBENHAVN V).
  const bare = bareArea(name);
  if (bare === foldName(first.name) || foldName(v.answer.city).startsWith(bare)) return undefined;
  return name;
}

const bareAreas = new Map<string, string>();

/** An area's name folded, without the words that make a town's name its municipality's (remembered). */
function bareArea(name: string): string {
  let bare = bareAreas.get(name);
  if (bare === undefined) {
    bare = foldName(name)
      .split(' ')
      .filter((w) => !MUNICIPAL_WORDS.has(w))
      .join(' ');
    if (bareAreas.size < 50_000) bareAreas.set(name, bare);
  }
  return bare;
}

/** Words that make a town's name the name of its municipality. */
const MUNICIPAL_WORDS = new Set(
  'GEMEENTE GEMEINDE STADT KOMMUNE KOMMUN KOMMUNA KUNTA COMMUNE COMUNE MUNICIPIO MUNICIPALITY CITY OF DI DE DU KU SHI CHO MACHI MURA GUN SI GU'.split(
    ' ',
  ),
);

/** The area above the region, where addresses name a second-level one (Italy's region above its province). */
function superAreaOf(v: IntlVerification): string | undefined {
  const region = v.answer.region;
  if (region?.level !== 'admin2') return undefined;
  return adminNames().get(`${v.area.alpha2}.${region.geonames.split('.')[0]}`);
}
