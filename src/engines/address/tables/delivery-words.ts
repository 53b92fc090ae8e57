/**
 * Words around the delivery point that are no street: care-of names, account references
 * before a box, the post office's own words, the military post offices, and the words of
 * the delivery forms that replace a street (boxes, rural routes, highway contracts).
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

/**
 * Words opening a box (Apartado, Postfach, Case postale abroad too), tried in order: a
 * longer form comes before its prefix ("PO Box" before "PO").
 */
export const BOX_WORDS: ReadonlyArray<readonly string[]> = [
  ['POST', 'OFFICE', 'BOX'],
  ['POST', 'OFFICE', 'DRAWER'],
  ['POST', 'OFFICE'],
  ['PO', 'BOX'],
  ['PO', 'BX'],
  ['STAR', 'ROUTE', 'BOX'],
  ['ROUTE', 'BOX'],
  ['CALLER', 'SERVICE'],
  ['P', 'O', 'BOX'],
  ['PO', 'DRAWER'],
  ['P', 'O', 'DRAWER'],
  ['POBOX'],
  ['POB'],
  ['BOX'],
  ['DRAWER'],
  ['CALLER'],
  ['LOCKBOX'],
  ['LOCK', 'BOX'],
  ['LBX'],
  ['LB'],
  ['APARTADO'],
  ['CASILLA'],
  ['POSTFACH'],
  ['CP'],
  ['CASE', 'POSTALE'],
  ['PO'],
];

/** Words opening a rural route or a highway contract route, and which of the two they open. */
export const ROUTE_WORDS: ReadonlyArray<readonly [readonly string[], 'ruralRoute' | 'highwayContract']> = [
  [['RURAL', 'ROUTE'], 'ruralRoute'],
  [['RURAL', 'RTE'], 'ruralRoute'],
  [['RURAL', 'RT'], 'ruralRoute'],
  [['RR'], 'ruralRoute'],
  [['R', 'R'], 'ruralRoute'],
  [['RFD'], 'ruralRoute'],
  [['HIGHWAY', 'CONTRACT'], 'highwayContract'],
  [['HWY', 'CONTRACT'], 'highwayContract'],
  [['HCR'], 'highwayContract'],
  [['HC'], 'highwayContract'],
  [['STAR', 'ROUTE'], 'highwayContract'],
  [['STAR', 'RTE'], 'highwayContract'],
];

/** "HC ROUTE 68", "Highway Contract Rte # 24": a route word may follow the keyword. */
export const ROUTE_FILLERS: ReadonlySet<string> = new Set(['ROUTE', 'RTE', 'RT']);

/** Box words after a route number: "RR 1 BOX 5", "RR # 1 PO BOX 406". */
export const ROUTE_BOX_WORDS: ReadonlyArray<readonly string[]> = [
  ['BOX'],
  ['PO', 'BOX'],
  ['P', 'O', 'BOX'],
  ['BX'],
];

/** Remittance boxes numbered within a lettered series: "Drawer CS 198422", "Lockbox AB 1200". */
export const CODED_BOX_WORDS: ReadonlySet<string> = new Set(['DRAWER', 'LOCKBOX', 'LBX', 'CALLER']);

/** "RT 1 BOX 81", "Rte # 3 Box 12": a plain route word is a rural route only with its box. */
export const RURAL_ROUTE_WORDS: ReadonlySet<string> = new Set(['RT', 'RTE', 'ROUTE']);
