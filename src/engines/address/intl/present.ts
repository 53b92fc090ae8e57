/**
 * The answer's text: lines in the country's postal format, upper case unless proper case
 * was asked for (codes and postal codes stay upper case either way, and so does the
 * locality line where the post wants it: Royal Mail's post town, La Poste's last line).
 */
import { properCase } from '../standardize/proper-case.js';
import type { CountryRule } from './country-rules.js';
import { type FormatParts, formatLines } from './format.js';

export interface Lines {
  lines: string[];
  formattedAddress: string;
}

/** Most lines the answer carries (spec 2.10/2.12: line1..line4); more are joined into the last. */
const MAX_LINES = 4;

export function layOut(
  alpha2: string,
  parts: FormatParts,
  afterStreet: readonly string[],
  rule: CountryRule,
  proper: boolean,
): Lines {
  let lines = formatLines(alpha2, parts);
  if (afterStreet.length) {
    // The main thoroughfare after a dependent one, the sub-building, a post box beside a street:
    // each on its own line after the street line (the templates have none of them).
    const streetLine = lines.findIndex((l) => parts.road !== undefined && l.includes(parts.road));
    lines = [...lines.slice(0, streetLine + 1), ...afterStreet, ...lines.slice(streetLine + 1)];
  }
  const keepUpper = new Set(
    [parts.postcode, parts.stateCode, parts.countyCode]
      .filter((v): v is string => !!v)
      .flatMap((v) => v.toUpperCase().split(/[\s-]+/)),
  );
  const localityLine = parts.city ? lines.findIndex((l) => l.includes(parts.city!)) : -1;
  lines = lines.map((line, i) => {
    const upper = line.toUpperCase();
    if (!proper || (rule.upperLocality && i === localityLine)) return upper;
    return properCase(upper)
      .split(' ')
      .map((w) => (keepUpper.has(w.toUpperCase()) ? w.toUpperCase() : w))
      .join(' ');
  });
  if (lines.length > MAX_LINES)
    lines = [...lines.slice(0, MAX_LINES - 1), lines.slice(MAX_LINES - 1).join(', ')];
  return { lines, formattedAddress: lines.join(', ') };
}

/** One value in the answer's case. */
export const cased = (text: string, proper: boolean) =>
  proper ? properCase(text.toUpperCase()) : text.toUpperCase();
