/**
 * Words around the delivery point that are no street: care-of names, account references
 * before a box, the post office's own words, the military post offices.
 */

/** "c/o", "Attn": a care-of name follows. */
export const CARE_OF: ReadonlySet<string> = new Set(['C/O', 'CO', 'ATTN', 'ATTENTION', 'ATN', 'CARE', 'C/0']);

/** The care-of words that also cut a segment in mid-line ("... Suite 4 Attn Billing"). */
export const CARE_OF_MID: ReadonlySet<string> = new Set(['C/O', 'ATTN', 'ATTENTION', 'ATN']);

/** Words opening an account or customer reference written before a box. */
export const ACCOUNT_WORDS: ReadonlySet<string> = new Set([
  'CLIENT',
  'CUSTOMER',
  'CUST',
  'ACCT',
  'ACCOUNT',
  'RE',
  'RE:',
  'RE:ACCT',
  'INVOICE',
]);

/** Words opening a post office box written out ("PO Box", "P O Box", "Post Office Box", "POB"). */
export const POST_OFFICE_WORDS: ReadonlySet<string> = new Set(['PO', 'P', 'POST', 'POB', 'POBOX']);

/** The military post offices, written where the city goes (Pub 28, 2.3). */
export const MILITARY_PO: ReadonlySet<string> = new Set(['APO', 'FPO', 'DPO']);

/** The military "states" of APO/FPO/DPO mail: Americas, Europe, Pacific. */
export const MILITARY_STATES: ReadonlySet<string> = new Set(['AA', 'AE', 'AP']);
