/** Spelled-out numbers used as house numbers ("One South Wacker Dr"). */
export const CARDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  'ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN FIFTEEN SIXTEEN SEVENTEEN EIGHTEEN NINETEEN TWENTY'
    .split(' ')
    .map((w, i) => [w, i + 1] as [string, number])
    .concat([
      ['THIRTY', 30],
      ['FORTY', 40],
      ['FIFTY', 50],
      ['SIXTY', 60],
      ['SEVENTY', 70],
      ['EIGHTY', 80],
      ['NINETY', 90],
      ['HUNDRED', 100],
    ]),
);

/** Words that name a floor the way an ordinal does ("Ground Floor", "Lower Level"). */
export const FLOOR_WORDS: ReadonlySet<string> = new Set([
  'GROUND',
  'MAIN',
  'TOP',
  'LOWER',
  'UPPER',
  'GARDEN',
  'MEZZANINE',
]);

/** Spelled-out ordinals used in street names and floors ("Fifth Ave", "Second Floor"). */
export const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  'FIRST SECOND THIRD FOURTH FIFTH SIXTH SEVENTH EIGHTH NINTH TENTH ELEVENTH TWELFTH THIRTEENTH FOURTEENTH FIFTEENTH SIXTEENTH SEVENTEENTH EIGHTEENTH NINETEENTH TWENTIETH'
    .split(' ')
    .map((w, i) => [w, i + 1] as [string, number]),
);

/** "5th", "52ND", "1st", "23rd" — digits with an English ordinal ending. */
export const ORDINAL_NUMBER = /^\d+(ST|ND|RD|TH)$/;
