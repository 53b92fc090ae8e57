/**
 * The match against imported points: the postal code's points (else, without a well-formed
 * postal code, the town's), then the street (as typed, else the one street a typo away), the
 * premise number, the unit. Each step that fails records why and stops at the level reached.
 */
import type { Findings } from '../verify/findings.js';
import { streetKey, unitKey } from '../verify/reference-point.js';
import type { IntlArea } from './area.js';
import { foldName } from './places.js';
import type { IntlPoint, IntlPointSource } from './point-source.js';
import { postcodeKey } from './postcode.js';
import { type ReadAddress, townNames, townOf } from './read-input.js';
import { premiseKey, streetMatchKey } from './street-line.js';
import { sameNumber, streetByTypo } from './street-typo.js';
import { LEVEL } from './summary.js';

export interface PointMatch {
  point?: IntlPoint;
  level: number;
  ambiguous: boolean;
  /** Points were found for the area (postal code or locality). */
  covered: boolean;
  /** The street as typed had no points; the point is on the one street a typo away. */
  typo?: boolean;
}

export async function matchPoints(
  read: ReadAddress,
  area: IntlArea,
  source: IntlPointSource,
  findings: Findings,
): Promise<PointMatch> {
  const candidates = await areaPoints(read, area, source);
  const none: PointMatch = { level: LEVEL.none, ambiguous: false, covered: candidates.length > 0 };
  if (!candidates.length || !read.street.street) return none;
  const key = streetMatchKey(read.street.street);
  let onStreet = candidates.filter((p) => streetMatchKey(streetKey(p.street)) === key);
  const typo = !onStreet.length;
  if (typo) {
    const near = typoStreet(read, candidates);
    if (!near) {
      findings.failure('line1', 'Incorrect Value', 'Street name');
      return none;
    }
    onStreet = near;
    findings.correction('line1', 'Typo in Value', 'Street name');
  }
  if (!read.street.number) {
    findings.failure('line1', 'Missing Value', 'Civic number');
    return { point: undefined, level: LEVEL.thoroughfare, ambiguous: false, covered: true, typo };
  }
  const number = premiseKey(read.street.number);
  const atNumber = onStreet.filter((p) => premiseKey(p.number) === number);
  if (!atNumber.length) {
    findings.failure('line1', 'Incorrect Value', 'Civic number');
    return { level: LEVEL.thoroughfare, ambiguous: false, covered: true, typo };
  }
  // Searched by locality without a postal code: the same address in two postal codes is ambiguous.
  const postcodes = new Set(atNumber.map((p) => postcodeKey(p.zip)));
  const ambiguous = area.pc.state !== 'valid' && postcodes.size > 1;
  return atUnit(read, atNumber, ambiguous, typo, findings);
}

/** The area's points: the postal code's, else (no well-formed postal code) the town's. */
async function areaPoints(read: ReadAddress, area: IntlArea, source: IntlPointSource): Promise<IntlPoint[]> {
  const { alpha2, pc } = area;
  let candidates: IntlPoint[] = [];
  // US points are filed under the 5-digit ZIP.
  if (pc.state === 'valid')
    candidates = await source.byPostcode(
      alpha2,
      alpha2 === 'US' ? postcodeKey(pc.code).slice(0, 5) : postcodeKey(pc.code),
    );
  // A well-formed postal code without points is an area not covered: the town's other points say nothing of it.
  const town = townOf(read);
  if (pc.state !== 'valid' && town) candidates = await source.byLocality(alpha2, town.toUpperCase());
  return candidates;
}

/**
 * The premise's point for the unit given: the unit's own (delivery point), else the building's
 * (premise) with the unit reported wrong where the building has units, or missing where it has
 * only units.
 */
function atUnit(
  read: ReadAddress,
  atNumber: readonly IntlPoint[],
  ambiguous: boolean,
  typo: boolean,
  findings: Findings,
): PointMatch {
  const unitId =
    read.street.unit?.id ??
    (read.street.unit && !read.street.unit.designator ? read.street.unit.text : undefined);
  const withUnits = atNumber.filter((p) => p.unitId);
  const plain = atNumber.find((p) => !p.unitId);
  if (unitId) {
    const unit = withUnits.find((p) => unitKey(p.unitId) === unitKey(unitId));
    if (unit) return { point: unit, level: LEVEL.deliveryPoint, ambiguous, covered: true, typo };
    if (withUnits.length) {
      findings.failure('line1', 'Incorrect Value', 'Suite identifier');
      return {
        point: plain ?? { ...withUnits[0], unitId: undefined, unitDesignator: undefined },
        level: LEVEL.premise,
        ambiguous,
        covered: true,
        typo,
      };
    }
    return { point: plain, level: LEVEL.premise, ambiguous, covered: true, typo };
  }
  if (!plain) {
    findings.failure('line1', 'Missing Value', 'Suite identifier');
    return {
      point: { ...withUnits[0], unitId: undefined, unitDesignator: undefined },
      level: LEVEL.premise,
      ambiguous,
      covered: true,
      typo,
    };
  }
  return { point: plain, level: LEVEL.premise, ambiguous, covered: true, typo };
}

/**
 * The street a typo away among the area's points, only with the typed number (a typo never
 * changes the number) and, when a town was given, in that town (nor moves the address).
 */
function typoStreet(read: ReadAddress, candidates: readonly IntlPoint[]): IntlPoint[] | undefined {
  const { street, number } = read.street;
  if (!street || !number) return undefined;
  const towns = townNames(read);
  const near = streetByTypo(
    street,
    candidates,
    (p) => sameNumber(p.number, number) && (!towns.length || towns.includes(foldName(p.city))),
  );
  return near?.filter((p) => !towns.length || towns.includes(foldName(p.city)));
}
