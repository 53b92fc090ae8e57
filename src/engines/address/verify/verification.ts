import type { ErrorsObject } from './findings.js';
import type { ReadAddress } from './read-address.js';
import type { ReferencePoint, StreetForm } from './reference-point.js';
import type { StreetRange } from './street-range.js';
import type { UnitForm } from './unit-form.js';

/**
 * How far the match went: a point, a street range holding the number (the street and the
 * number's place on it confirmed, not the premise), a street (number unknown), the area
 * (ZIP/city), nothing.
 */
export type MatchDepth = 'point' | 'range' | 'street' | 'area' | 'none';

/** The engine's answer before it is shaped for the API. */
export interface Verification {
  status: 'verified' | 'corrected' | 'failed';
  errors: ErrorsObject;
  depth: MatchDepth;
  /** Whether reference points cover the area (else only the ZIP data was checked). */
  covered: boolean;
  read: ReadAddress;
  country: 'US' | 'CA';
  number?: string;
  street?: StreetForm;
  unit?: UnitForm;
  poBox?: string;
  city?: string;
  state?: string;
  zip?: string;
  point?: ReferencePoint;
  /** The street range holding the number (depth 'range'): geocoded by interpolation along its line. */
  range?: StreetRange;
  /** The matched street's ranges in that ZIP, when it has no points (its middle is its street_center). */
  streetRanges?: readonly StreetRange[];
  /** The matched street's points in that ZIP (geocoding interpolates along them). */
  streetPoints?: ReferencePoint[];
}
