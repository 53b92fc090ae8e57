import numberToWords from 'number-to-words';

/**
 * The largest amount a cheque is written for, in cents: 99,999,999.99. The MICR line's
 * amount field, which the bank of first deposit encodes, holds ten digits of cents.
 */
export const MAX_CHEQUE_AMOUNT_CENTS = 9_999_999_999;

/** Whether `cents` can be written on a cheque: a whole number from 1 to the maximum. */
export function isChequeAmount(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_CHEQUE_AMOUNT_CENTS;
}

/**
 * The legal amount line: whole dollars in words, cents as a fraction of 100, e.g.
 * `One thousand two hundred thirty-four and 56/100 dollars`. Canadian cheques say dollars
 * too; the currency code is printed beside the figures.
 */
export function amountInWords(cents: number): string {
  if (!isChequeAmount(cents)) throw new RangeError(`${cents} is not a cheque amount in cents`);
  const dollars = Math.floor(cents / 100);
  // number-to-words separates groups with commas ("one thousand, two hundred"); a cheque does not.
  const words = numberToWords.toWords(dollars).replace(/,/g, '');
  return `${words[0].toUpperCase()}${words.slice(1)} and ${twoDigits(cents % 100)}/100 dollars`;
}

/** The amount in figures with thousands grouped: `1,234.56`. */
export function amountInFigures(cents: number): string {
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${dollars}.${twoDigits(cents % 100)}`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
