/** Spelled-out numbers used as house numbers ("One South Wacker Dr"). */
export const CARDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  'ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN FIFTEEN SIXTEEN SEVENTEEN EIGHTEEN NINETEEN TWENTY'
    .split(' ')
    .map((w, i) => [w, i + 1] as [string, number]),
);

/** Spelled-out ordinals used in street names and floors ("Fifth Ave", "Second Floor"). */
export const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map(
  'FIRST SECOND THIRD FOURTH FIFTH SIXTH SEVENTH EIGHTH NINTH TENTH ELEVENTH TWELFTH THIRTEENTH FOURTEENTH FIFTEENTH SIXTEENTH SEVENTEENTH EIGHTEENTH NINETEENTH TWENTIETH'
    .split(' ')
    .map((w, i) => [w, i + 1] as [string, number]),
);

/** "5th", "52ND", "1st", "23rd" — digits with an English ordinal ending. */
export const ORDINAL_NUMBER = /^\d+(ST|ND|RD|TH)$/;
