import { type GeocodeResult, located } from '../geocode/geocode-result.js';
import { reference } from '../reference/index.js';
import { properCase as toProperCase } from '../standardize/proper-case.js';
import type { ErrorsObject } from '../verify/findings.js';
import type { Completion } from './rank.js';

/** Spec 2.8. */
export interface CompletionPreview {
  address: string;
  city?: string;
  pc?: string;
  prov?: string;
}

/** Spec 2.7. */
export interface CompletedAddress {
  address: {
    address: string;
    address2?: string;
    city?: string;
    country?: string;
    pc?: string;
    prov?: string;
  };
  errors: ErrorsObject;
  geocodeResult?: GeocodeResult;
}

export interface PresentOptions {
  properCase?: boolean;
  /** Previews: the province or state instead of the postal code. */
  provInsteadOfPC?: boolean;
  /** Resolved items: the position (a point's own, a range's interpolated, else its ZIP's centre). */
  geocode?: boolean;
}

const cased = (text: string, options: PresentOptions) => (options.properCase ? toProperCase(text) : text);

/** "K1A0B1" -> "K1A 0B1"; US ZIPs as stored. */
function postalCode(c: Completion): string {
  const zip = c.point.zip;
  return c.country === 'CA' && zip.length === 6 ? `${zip.slice(0, 3)} ${zip.slice(3)}` : zip;
}

/** A preview gives the whole ZIP for US addresses and only the first three characters elsewhere (spec 2.8). */
export function previewOf(c: Completion, options: PresentOptions = {}): CompletionPreview {
  const area = options.provInsteadOfPC
    ? { prov: c.point.state }
    : { pc: c.country === 'US' ? c.point.zip : c.point.zip.slice(0, 3) };
  return { address: cased(c.line, options), city: cased(c.city, options), ...area };
}

/**
 * A completion as a full address. A street offered with a number it lacks says so the way
 * verification does, so a client can tell a confirmed address from a guess. A number a range
 * holds is what verification answers `verified` with no error (its premise unconfirmed, said by
 * `details.extraInfo` there and by a `range_interpolation` geocode here: spec 2.7 has no field
 * for more).
 */
export function completedOf(c: Completion, options: PresentOptions = {}): CompletedAddress {
  const errors: ErrorsObject = c.kind === 'street' ? { line1: ['Incorrect Value: Civic number'] } : {};
  const position = options.geocode ? positionOf(c) : undefined;
  return {
    address: {
      address: cased(c.line, options),
      city: cased(c.city, options),
      country: c.country,
      pc: postalCode(c),
      prov: c.point.state,
    },
    errors,
    ...(position ? { geocodeResult: position } : {}),
  };
}

/** As verification places each: a point's own position, a range's interpolated, else the ZIP's centre. */
function positionOf(c: Completion): GeocodeResult | undefined {
  if (c.kind === 'point') return located('rooftop', c.point.lat, c.point.lon);
  if (c.kind === 'range') return located('range_interpolation', c.point.lat, c.point.lon);
  const area = c.country === 'US' ? reference.zip(c.point.zip) : reference.fsa(c.point.zip);
  return area ? located('place', area.lat, area.lon) : undefined;
}
