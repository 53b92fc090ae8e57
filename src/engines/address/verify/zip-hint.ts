import type { VerifyInput } from './input.js';

const TRAILING_ZIP = /(\d{5})(?:-?\d{4})?\s*$/;

/**
 * The 5-digit ZIP an input most likely names, read without parsing: a hint for reading
 * ZIP blocks ahead (a batch's ZIPs in one query). A wrong hint costs a wasted read, never a
 * wrong answer: verification reads whatever blocks it actually needs.
 */
export function zipHint(input: VerifyInput): string | undefined {
  const text = typeof input === 'string' ? input : input.postalOrZip;
  return text ? TRAILING_ZIP.exec(text)?.[1] : undefined;
}
