/**
 * Secondary unit designators, USPS Publication 28 Appendix C2, with the "requires a
 * secondary range" column, plus the spellings seen in practice and the Canada Post /
 * UK words for the same thing (mapped onto the nearest USPS standard). LEVEL is not in
 * Pub 28; it is kept so "Level 3" parses as a level like "Floor 3".
 */
export interface UnitDesignator {
  abbr: string;
  full: string;
  /** True when USPS requires an id after the designator (APT 4), false for BSMT, REAR... */
  requiresId: boolean;
  /** Floors are reported as `level` in the parse output, the rest as `unit`. */
  isLevel: boolean;
}

const C2: Array<[string, string, boolean, string[]]> = [
  ['APT', 'APARTMENT', true, ['APT', 'APARTMENT', 'APPT', 'APTS', 'AP', 'APP', 'APPARTEMENT']],
  ['BSMT', 'BASEMENT', false, ['BSMT', 'BASEMENT']],
  ['BLDG', 'BUILDING', true, ['BLDG', 'BUILDING', 'BLD', 'BLDNG', 'BLG']],
  ['DEPT', 'DEPARTMENT', true, ['DEPT', 'DEPARTMENT', 'DPT']],
  ['FL', 'FLOOR', true, ['FL', 'FLOOR', 'FLR', 'ETAGE', 'ÉTAGE', 'PISO', 'PLANTA']],
  ['FRNT', 'FRONT', false, ['FRNT', 'FRONT']],
  ['LVL', 'LEVEL', true, ['LVL', 'LEVEL']],
  ['HNGR', 'HANGAR', true, ['HNGR', 'HANGAR']],
  ['KEY', 'KEY', true, ['KEY']],
  ['LBBY', 'LOBBY', false, ['LBBY', 'LOBBY']],
  ['LOT', 'LOT', true, ['LOT']],
  ['LOWR', 'LOWER', false, ['LOWR', 'LOWER']],
  ['OFC', 'OFFICE', false, ['OFC', 'OFFICE', 'BUREAU']],
  ['PH', 'PENTHOUSE', false, ['PH', 'PENTHOUSE']],
  ['PIER', 'PIER', true, ['PIER']],
  ['REAR', 'REAR', false, ['REAR']],
  ['RM', 'ROOM', true, ['RM', 'ROOM', 'PIECE', 'PIÈCE']],
  ['SIDE', 'SIDE', false, ['SIDE']],
  ['SLIP', 'SLIP', true, ['SLIP']],
  ['SPC', 'SPACE', true, ['SPC', 'SPACE']],
  ['STOP', 'STOP', true, ['STOP']],
  ['STE', 'SUITE', true, ['STE', 'SUITE', 'SUIT', 'SUTE', 'STES']],
  ['TRLR', 'TRAILER', true, ['TRLR', 'TRAILER']],
  ['UNIT', 'UNIT', true, ['UNIT', 'UNT', 'FLAT']],
  ['UPPR', 'UPPER', false, ['UPPR', 'UPPER']],
  // Private mailbox at a commercial mail receiving agency ("PMB 175").
  ['PMB', 'PMB', true, ['PMB']],
  // Mail stop code of a campus or firm's internal mail ("1 DNA Way MSC 24"); not in Pub 28.
  ['MSC', 'MSC', true, ['MSC', 'MAILSTOP']],
  ['#', '#', true, ['#', 'NO', 'NUM', 'NUMBER', 'NR', 'NBR']],
];

function build(): Map<string, UnitDesignator> {
  const map = new Map<string, UnitDesignator>();
  for (const [abbr, full, requiresId, spellings] of C2) {
    const entry = { abbr, full, requiresId, isLevel: abbr === 'FL' || abbr === 'LVL' };
    for (const s of spellings) if (!map.has(s)) map.set(s, entry);
  }
  return map;
}

/** Spelling (upper case, no periods) -> designator. */
export const UNIT_DESIGNATORS: ReadonlyMap<string, UnitDesignator> = build();

export function unitDesignator(word: string): UnitDesignator | undefined {
  return UNIT_DESIGNATORS.get(word);
}
