/**
 * What a matched point's delivery facts (NAD's Plus_4, Addr_Type, Post_City, Urbnztn_PR) let an
 * answer say: zipPlus4, the mailing city and urbanization, and the details residential,
 * usMailingsDeliveryPoint, usMailingCheckDigit and usPostnetBarcode (docs/verification.md,
 * "Delivery fields from NAD"). A point without them (every OpenAddresses point) answers none.
 * A matched street range's side gives its ZIP+4 (TIGER/Line PLUS4L/PLUS4R) and what follows
 * from one the same way ("Street ranges").
 */
import type { ReferencePoint } from './reference-point.js';
import type { Verification } from './verification.js';

/** The spec 2.3 fields this module answers. */
export interface DeliveryDetails {
  residential?: boolean;
  usMailingsDeliveryPoint?: string;
  usMailingCheckDigit?: string;
  usPostnetBarcode?: string;
}

/**
 * The point the answer stands on, when its facts may be answered: a US address verified or
 * corrected down to that point. A failed verification's point (ambiguous, a unit missing) is
 * only a guess, so nothing of it is answered.
 */
export function answeredPoint(v: Verification): ReferencePoint | undefined {
  return v.status !== 'failed' && v.depth === 'point' && v.country === 'US' ? v.point : undefined;
}

/** The street range side the answer stands on: a US address verified or corrected to a range. */
function answeredRange(v: Verification) {
  return v.status !== 'failed' && v.depth === 'range' && v.country === 'US' ? v.range : undefined;
}

/**
 * The answer's zipPlus4 (the four-digit add-on; postalOrZip keeps the five-digit ZIP): the
 * matched point's, else the matched range side's.
 */
export function zipPlus4Of(v: Verification): string | undefined {
  const point = answeredPoint(v);
  return point ? point.plus4 : answeredRange(v)?.plus4;
}

/**
 * NAD Addr_Type -> details.residential. Residential is true; the non-residential types are
 * false; Unknown, Other, Mixed/Multi-use, blank and any value not listed say nothing (absent).
 */
const NON_RESIDENTIAL = new Set([
  'COMMERCIAL',
  'INDUSTRIAL',
  'AGRICULTURAL',
  'EDUCATIONAL',
  'GOVERNMENT',
  'INSTITUTIONAL',
  'RELIGIOUS',
  'RECREATIONAL',
  'UTILITY',
  'TRANSPORTATION',
]);

export function residentialOf(addressType: string | undefined): boolean | undefined {
  const type = addressType?.trim().toUpperCase();
  if (!type) return undefined;
  if (type === 'RESIDENTIAL') return true;
  return NON_RESIDENTIAL.has(type) ? false : undefined;
}

/**
 * USPS's default delivery point: the last two digits of the primary (house) number, a single
 * digit with a leading zero ("5" -> "05", "1920" -> "20", "68-01" -> "01", "215A" -> "15"); a
 * trailing fraction is not part of it ("123 1/2" -> "23"). Undefined for a number with no digit.
 * This is the default rule, not USPS's delivery point file, which can differ (units, high-rises).
 */
export function defaultDeliveryPoint(number: string | undefined): string | undefined {
  const primary = (number ?? '').replace(/\s+\d+\/\d+$/, '');
  const digits = primary.replace(/\D/g, '');
  return digits ? digits.slice(-2).padStart(2, '0') : undefined;
}

/**
 * The barcode's check (correction) digit, USPS Publication 25 and DMM 708.4: the digit that
 * makes the sum of every other digit of the barcode (ZIP, ZIP+4 add-on, delivery point) a
 * multiple of 10. "12345678901" sums to 46 -> "4"; "123456789" sums to 45 -> "5".
 */
export function checkDigit(digits: string): string {
  let sum = 0;
  for (const c of digits) {
    const d = c.charCodeAt(0) - 48;
    if (d < 0 || d > 9) throw new Error(`not a digit in "${digits}"`);
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The delivery point barcode as the hosted service's US details write it: its 12 digits (ZIP,
 * add-on, delivery point, check digit) between "f" frame bars, "f233205178757f" for
 * 23320-5178, delivery point 75 (how a POSTNET font draws it).
 */
export function postnetBarcode(zip: string, plus4: string, deliveryPoint: string): string {
  const digits = `${zip}${plus4}${deliveryPoint}`;
  return `f${digits}${checkDigit(digits)}f`;
}

/**
 * Adds the fields the matched point supports to the details (nothing for a point without them);
 * for a range match, those that follow from its side's ZIP+4 and the house number.
 */
export function addDeliveryDetails(v: Verification, out: DeliveryDetails): void {
  const point = answeredPoint(v);
  if (point) {
    const residential = residentialOf(point.addressType);
    if (residential !== undefined) out.residential = residential;
  }
  const plus4 = zipPlus4Of(v);
  const zip = v.zip;
  if (!plus4 || !zip || !/^\d{5}$/.test(zip)) return;
  const deliveryPoint = defaultDeliveryPoint(point ? point.number : v.number);
  if (!deliveryPoint) return;
  out.usMailingsDeliveryPoint = deliveryPoint;
  out.usMailingCheckDigit = checkDigit(`${zip}${plus4}${deliveryPoint}`);
  out.usPostnetBarcode = postnetBarcode(zip, plus4, deliveryPoint);
}

/** The answer's mailing city from the point (NAD Post_City), upper case; undefined without one. */
export function mailingCityOf(point: ReferencePoint | undefined): string | undefined {
  return point?.postCity;
}

/**
 * The urbanization to answer on line2 ("URB <NAME>"): the matched Puerto Rico point's, unless
 * the input named another one (matching does not read urbanizations, so the input's stays).
 */
export function urbanizationOf(v: Verification): string | undefined {
  const point = answeredPoint(v);
  const given = v.read.urbanization;
  if (!point?.urbanization || point.state !== 'PR') return given;
  const own = `URB ${point.urbanization}`;
  return !given || given === own ? own : given;
}
