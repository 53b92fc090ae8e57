import type { ChequeBank } from './cheque-job.js';
import { MICR_DASH, MICR_ON_US, MICR_TRANSIT, type MicrChar } from './micr-e13b.js';

/**
 * Where the MICR line goes on a cheque (ANSI X9.13 in the US, CPA Standard 006 in Canada):
 * - the characters' bottom edge 3/16 in above the cheque's bottom edge, inside the clear
 *   band, the bottom 5/8 in of the cheque, where nothing else may be printed;
 * - characters in 1/8 in cells counted from the right: position 1 is the rightmost, its
 *   right edge 5/16 in from the cheque's right edge; a reader-sorter reads right to left.
 *
 * The fields chosen here, by position (the same numbering for both countries):
 *
 *   position   US (X9.13, business size)              CA (CPA 006)
 *   1–12       amount field, left blank: the bank of first deposit encodes it
 *   13         blank
 *   14–31      on-us, ending at 14: account ⑈ serial   on-us, ending at 14: account ⑈
 *              (dashes dropped; the serial only when   (dashes kept as ⑉)
 *              it fits beside the account)
 *   32         blank
 *   33–43      transit: ⑆ routing (9 digits) ⑆         transit: ⑆ branch (5) ⑉ institution (3) ⑆
 *   44         blank (the external processing code, not used)
 *   45–        auxiliary on-us, ending at 45:          serial field, ending at 45:
 *              ⑈ serial ⑈                              ⑈ serial ⑈
 *
 * The serial is written with at least six digits (zero-padded) in the ⑈…⑈ field, as is
 * usual for business cheques, and unpadded in the US on-us field.
 */
export const MICR_BOTTOM_FROM_EDGE_IN = 0.1875;
export const MICR_CLEAR_BAND_IN = 0.625;
export const MICR_FIRST_RIGHT_FROM_EDGE_IN = 0.3125;

export const MICR_FIELDS = Object.freeze({
  amount: { first: 1, last: 12 },
  onUs: { first: 14, last: 31 },
  transit: { first: 33, last: 43 },
  serial: { first: 45 },
});

/** Characters the on-us field holds besides the closing ⑈: the longest account it takes. */
export const MAX_MICR_ACCOUNT_CHARS = MICR_FIELDS.onUs.last - MICR_FIELDS.onUs.first;

/** One character of the line at its position (1 is the rightmost). */
export interface MicrPlacement {
  position: number;
  char: MicrChar;
}

/** The bank fields the line is made of, checked already (checkChequeInput). */
export type MicrAccount = Pick<
  ChequeBank,
  'countryCode' | 'routingNumber' | 'transitNumber' | 'routeNumber' | 'accountNumber'
>;

/** The MICR line of a cheque, left to right. */
export function micrLine(account: MicrAccount, serial: number): MicrPlacement[] {
  const digits = String(serial);
  const us = account.countryCode === 'US';
  const accountChars = us
    ? account.accountNumber.replace(/-/g, '')
    : account.accountNumber.replace(/-/g, MICR_DASH);
  const onUsRoom = MICR_FIELDS.onUs.last - MICR_FIELDS.onUs.first + 1;
  let onUs = `${accountChars}${MICR_ON_US}`;
  if (us && onUs.length + digits.length <= onUsRoom) onUs += digits;
  const transit = us
    ? `${MICR_TRANSIT}${account.routingNumber}${MICR_TRANSIT}`
    : `${MICR_TRANSIT}${account.transitNumber}${MICR_DASH}${account.routeNumber}${MICR_TRANSIT}`;
  const serialField = `${MICR_ON_US}${digits.padStart(6, '0')}${MICR_ON_US}`;
  return [
    ...field(serialField, MICR_FIELDS.serial.first, Number.POSITIVE_INFINITY),
    ...field(transit, MICR_FIELDS.transit.first, MICR_FIELDS.transit.last),
    ...field(onUs, MICR_FIELDS.onUs.first, MICR_FIELDS.onUs.last),
  ];
}

/** A field's characters placed so its last character sits at `first` (fields end on their right). */
function field(text: string, first: number, last: number): MicrPlacement[] {
  const chars = [...text] as MicrChar[];
  if (first + chars.length - 1 > last)
    throw new RangeError(`"${text}" does not fit positions ${first}–${last}`);
  return chars.map((char, i) => ({ position: first + chars.length - 1 - i, char }));
}

/**
 * The line as text, left to right, a space for each empty position between its first and
 * last character: what the invisible text layer says, so the line can be copied and searched.
 */
export function micrText(line: readonly MicrPlacement[]): string {
  const at = new Map(line.map((p) => [p.position, p.char]));
  const positions = line.map((p) => p.position);
  let text = '';
  for (let p = Math.max(...positions); p >= Math.min(...positions); p--) text += at.get(p) ?? ' ';
  return text;
}
