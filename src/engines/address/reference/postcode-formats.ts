import { lazy } from '../../../platform/lazy.js';
import { requireData } from './load-package.js';

export interface PostcodeFormat {
  alpha2: string;
  /** The source's description, e.g. "5-Digits - NNNNN" or "CA : A0A 0A0". */
  description: string;
  /** Anchored, case-insensitive; test it on the code with redundant characters removed. */
  regex: RegExp;
  /** Characters the format ignores (usually space and hyphen). */
  redundantCharacters: string;
}

interface RawFormat {
  Description: string;
  RedundantCharacters?: string;
  ValidationRegex: string;
}

export const postcodeFormats = lazy((): Map<string, PostcodeFormat> => {
  const mapping = requireData('postal-codes-js/mappings/alpha2-to-formats.json') as Record<string, string[]>;
  const formats = new Map<string, PostcodeFormat>();
  for (const [file, countries] of Object.entries(mapping)) {
    const raw = requireData(`postal-codes-js/formats/${file}`) as RawFormat;
    const source = raw.ValidationRegex.replace(/^\^/, '').replace(/\$$/, '');
    const format = {
      description: raw.Description,
      regex: new RegExp(`^(?:${source})$`, 'i'),
      redundantCharacters: raw.RedundantCharacters ?? ' -',
    };
    for (const alpha2 of countries) formats.set(alpha2, { alpha2, ...format });
  }
  return formats;
});

/** Whether `code` fits the country's format, ignoring the format's redundant characters. */
export function matchesPostcodeFormat(format: PostcodeFormat, code: string): boolean {
  let compact = code;
  for (const ch of format.redundantCharacters) compact = compact.split(ch).join('');
  return format.regex.test(compact) || format.regex.test(code);
}
