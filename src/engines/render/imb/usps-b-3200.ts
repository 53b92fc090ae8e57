import { BAR_MAP } from './imb-bar-map.js';

/**
 * The Intelligent Mail barcode's encoding (USPS-B-3200, sections 2.2 and 3): a 20-digit
 * tracking code and a routing code of 0, 5, 9 or 11 digits become 65 bars, each one of
 * F (full), A (ascender), D (descender) or T (tracker). Pure arithmetic, so tests can check
 * what bwip-js draws against the specification's own worked examples, and read a printed
 * barcode back (decodeImb).
 */
export type BarState = 'F' | 'A' | 'D' | 'T';

/** Where a routing code of each length starts in the combined value (spec 2.2.1). */
const ROUTING_BASE: Readonly<Record<number, bigint>> = { 0: 0n, 5: 1n, 9: 100001n, 11: 1000100001n };

export function checkImbFields(tracking: string, routing: string): void {
  if (!/^\d[0-4]\d{18}$/.test(tracking))
    throw new Error(`an IMb tracking code is 20 digits, the second 0-4 (got "${tracking}")`);
  if (!/^\d*$/.test(routing) || !(routing.length in ROUTING_BASE))
    throw new Error(`an IMb routing code is 0, 5, 9 or 11 digits (got "${routing}")`);
}

/** Step 1: tracking and routing code as one 102-bit number. */
function binaryValue(tracking: string, routing: string): bigint {
  let value = routing ? BigInt(routing) + ROUTING_BASE[routing.length] : 0n;
  value = value * 10n + BigInt(tracking[0]);
  value = value * 5n + BigInt(tracking[1]);
  for (let i = 2; i < 20; i++) value = value * 10n + BigInt(tracking[i]);
  return value;
}

/** Step 2: the 11-bit CRC (generator 0xF35, preset 0x7FF) over the value's 102 bits. */
export function crc11(value: bigint): number {
  const bytes = Array.from({ length: 13 }, (_, i) => Number((value >> BigInt(8 * (12 - i))) & 0xffn));
  let fcs = 0x7ff;
  const step = (data: number) => {
    fcs = (fcs ^ data) & 0x400 ? ((fcs << 1) ^ 0xf35) & 0x7ff : (fcs << 1) & 0x7ff;
  };
  // The first byte holds only 6 of the 102 bits.
  for (let bit = 2, data = bytes[0] << 5; bit < 8; bit++, data <<= 1) step(data);
  for (let b = 1; b < 13; b++) for (let bit = 0, data = bytes[b] << 3; bit < 8; bit++, data <<= 1) step(data);
  return fcs;
}

/** The spec's N-of-13 tables (InitializeNof13Table): each code and its bit-reversal, palindromes last. */
function nOf13Table(n: number, length: number): number[] {
  const table = new Array<number>(length);
  let low = 0;
  let high = length - 1;
  for (let code = 0; code < 8192; code++) {
    if (popcount(code) !== n) continue;
    const reversed = reverse13(code);
    if (reversed < code) continue;
    if (reversed === code) table[high--] = code;
    else {
      table[low++] = code;
      table[low++] = reversed;
    }
  }
  return table;
}

const popcount = (x: number) => x.toString(2).replaceAll('0', '').length;
const reverse13 = (x: number) =>
  Number.parseInt(x.toString(2).padStart(13, '0').split('').reverse().join(''), 2);

const TABLE_5 = nOf13Table(5, 1287);
const TABLE_2 = nOf13Table(2, 78);
const INDEX_5 = new Map(TABLE_5.map((c, i) => [c, i]));
const INDEX_2 = new Map(TABLE_2.map((c, i) => [c, 1287 + i]));

/** Steps 3-5: ten codewords (A..J) from the value, then ten 13-bit characters. */
function characters(value: bigint, fcs: number): number[] {
  const words = new Array<number>(10);
  words[9] = Number(value % 636n);
  let rest = value / 636n;
  for (let i = 8; i >= 1; i--) {
    words[i] = Number(rest % 1365n);
    rest /= 1365n;
  }
  words[0] = Number(rest);
  words[9] *= 2;
  if (fcs & 0x400) words[0] += 659;
  return words.map((w, i) => {
    const char = w < 1287 ? TABLE_5[w] : TABLE_2[w - 1287];
    return fcs & (1 << i) ? ~char & 0x1fff : char;
  });
}

/** The 65 bars of a tracking and routing code, as a string of F, A, D and T. */
export function encodeImb(tracking: string, routing = ''): string {
  checkImbFields(tracking, routing);
  const value = binaryValue(tracking, routing);
  const chars = characters(value, crc11(value));
  let bars = '';
  for (let i = 0; i < 65; i++) {
    const descender = (chars[BAR_MAP[4 * i]] >> BAR_MAP[4 * i + 1]) & 1;
    const ascender = (chars[BAR_MAP[4 * i + 2]] >> BAR_MAP[4 * i + 3]) & 1;
    bars += descender ? (ascender ? 'F' : 'D') : ascender ? 'A' : 'T';
  }
  return bars;
}

/** The 65 bars back to the codes, or an Error saying why they are not a valid IMb. */
export function decodeImb(bars: string): { tracking: string; routing: string } {
  if (!/^[FADT]{65}$/.test(bars)) throw new Error('an IMb has 65 bars, each F, A, D or T');
  const chars = new Array<number>(10).fill(0);
  for (let i = 0; i < 65; i++) {
    const bar = bars[i];
    if (bar === 'F' || bar === 'D') chars[BAR_MAP[4 * i]] |= 1 << BAR_MAP[4 * i + 1];
    if (bar === 'F' || bar === 'A') chars[BAR_MAP[4 * i + 2]] |= 1 << BAR_MAP[4 * i + 3];
  }
  let fcs = 0;
  const words = chars.map((char, i) => {
    const count = popcount(char);
    if (count === 8 || count === 11) fcs |= 1 << i;
    const plain = count === 8 || count === 11 ? ~char & 0x1fff : char;
    const word = INDEX_5.get(plain) ?? INDEX_2.get(plain);
    if (word === undefined) throw new Error(`character ${'ABCDEFGHIJ'[i]} is not a codeword`);
    return word;
  });
  if (words[0] > 658) {
    words[0] -= 659;
    fcs |= 0x400;
  }
  if (words[9] % 2) throw new Error('codeword J is odd: the barcode is upside down');
  let value = BigInt(words[0]);
  for (let i = 1; i <= 8; i++) value = value * 1365n + BigInt(words[i]);
  value = value * 636n + BigInt(words[9] / 2);
  if (crc11(value) !== fcs) throw new Error('the frame check sequence does not match');
  return splitValue(value);
}

function splitValue(value: bigint): { tracking: string; routing: string } {
  const digits: number[] = [];
  for (let i = 0; i < 18; i++) {
    digits.unshift(Number(value % 10n));
    value /= 10n;
  }
  digits.unshift(Number(value % 5n));
  value /= 5n;
  digits.unshift(Number(value % 10n));
  value /= 10n;
  const length = value === 0n ? 0 : value < 100001n ? 5 : value < 1000100001n ? 9 : 11;
  const routing = length ? String(value - ROUTING_BASE[length]).padStart(length, '0') : '';
  return { tracking: digits.join(''), routing };
}
