import { unitDesignator } from '../tables/usps-unit-designators.js';
import type { Findings } from './findings.js';
import type { ReadAddress } from './read-address.js';
import { type ReferencePoint, unitKey } from './reference-point.js';
import type { UnitForm } from './unit-form.js';
import { unitsAt } from './zip-block.js';

export interface UnitOutcome {
  point: ReferencePoint;
  unit?: UnitForm;
}

/**
 * The point at a building for the unit the input gives (or none). Sources that record no
 * units anywhere in the ZIP cannot confirm or refute a unit: it is kept as written.
 */
export function matchUnit(
  read: ReadAddress,
  building: ReferencePoint[],
  zipRecordsUnits: boolean,
  findings: Findings,
): UnitOutcome {
  const { base, units } = unitsAt(building);
  const given = read.unit;
  const anyPoint = base ?? building[0];
  if (!given?.id) {
    if (base || !units.size) return { point: anyPoint, ...(given ? { unit: given } : {}) };
    findings.failure('line1', 'Missing Value', 'Suite identifier');
    return { point: anyPoint };
  }
  const hit = units.get(unitKey(given.id));
  if (hit) return { point: hit, unit: { designator: keyword(given, hit, read, findings), id: hit.unitId } };
  if (units.size) {
    findings.failure('line1', 'Incorrect Value', 'Suite identifier');
    return { point: anyPoint, unit: given };
  }
  if (!zipRecordsUnits) return { point: anyPoint, unit: given };
  findings.correction('line1', 'Incorrect Value', 'Suite identifier');
  return { point: anyPoint };
}

function keyword(given: UnitForm, hit: ReferencePoint, read: ReadAddress, findings: Findings): string {
  const ref = hit.unitDesignator;
  if (!ref) return given.designator ?? '#';
  if (!given.designator) findings.correction('line1', 'Missing Value', 'Suite keyword');
  else if (given.designator !== ref && given.designator !== '#')
    findings.correction('line1', 'Incorrect Value', 'Suite keyword');
  else if (
    read.written.unitDesignator &&
    unitDesignator(read.written.unitDesignator)?.abbr === ref &&
    read.written.unitDesignator !== ref
  )
    findings.correction('line1', 'Verbosity', 'Suite keyword');
  return ref;
}
