/** The street address of the mail room where virtual mailboxes receive mail (US only). */
export interface MailroomAddress {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  provinceOrState: string;
  postalOrZip: string;
}

const FORMAT = '"line1[, line2], city, ST 12345"';

/**
 * POSTROOM_MAILROOM_ADDRESS, written as on an envelope with commas between the parts:
 * `145 Mulberry St, Ste 200, New York, NY 10013` (the second line is optional). Unset: no
 * mailbox has an address yet. A value that does not read as one is refused at start-up.
 */
export function parseMailroomAddress(raw: string | undefined): MailroomAddress | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((p) => p.trim());
  const stateZip = /^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(parts.at(-1) ?? '');
  if (parts.length < 3 || parts.length > 4 || parts.some((p) => p === '') || !stateZip)
    throw new Error(`POSTROOM_MAILROOM_ADDRESS must read ${FORMAT}, got "${raw}"`);
  return {
    addressLine1: parts[0],
    ...(parts.length === 4 ? { addressLine2: parts[1] } : {}),
    city: parts.at(-2)!,
    provinceOrState: stateZip[1].toUpperCase(),
    postalOrZip: stateZip[2],
  };
}

/** Shortest operator token accepted: a guessable one would open the mail room to anyone. */
export const OPERATOR_TOKEN_MIN_LENGTH = 32;

/** POSTROOM_OPERATOR_TOKEN: unset turns the operator API off; a short one is refused at start-up. */
export function parseOperatorToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  if (token.length < OPERATOR_TOKEN_MIN_LENGTH)
    throw new Error(`POSTROOM_OPERATOR_TOKEN must be at least ${OPERATOR_TOKEN_MIN_LENGTH} characters`);
  return token;
}
