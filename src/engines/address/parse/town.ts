/**
 * Stage after `city`: outside the US the parser has no ZIP table, so a town written after
 * the street without a comma is found in the world town list - when the country says where
 * to look ("Rue Henri Barbusse Paris France"), when the street is plainly not American
 * ("Königsallee Düsseldorf"), or when the whole line is a town ("Méry-sur-Oise").
 */
import type { Classified } from './classify.js';
import { townEndingAt } from './gazetteer.js';
import type { ParseState } from './state.js';

function streetWord(t: Classified): boolean {
  return t.intlPrefix || t.intlSuffix;
}

export function findTown(s: ParseState): void {
  const { tokens } = s;
  if (s.city || s.state || s.end === 0 || s.detail.fields.category) return;
  const end = s.end;
  const seg = tokens[end - 1].seg;
  let segStart = end - 1;
  while (segStart > 0 && tokens[segStart - 1].seg === seg) segStart--;
  const region = tokens.slice(segStart, end);
  const cc = s.detail.countryCode && s.detail.countryCode !== 'US' ? s.detail.countryCode : undefined;
  const plain = region.every((t) => !t.hasDigit && !t.unit && !streetWord(t) && !t.suffix && !t.dir);
  // "Méry-sur-Oise", "Chambéry": the whole line is one town; or a town segment before a foreign country.
  const wholeLine = segStart === 0 && end === tokens.length && region.length <= 4;
  if (plain && (wholeLine || (cc && segStart > 0))) {
    const town = townEndingAt(tokens, segStart, end, cc);
    if (town === segStart) {
      s.city = { start: town, end };
      s.end = town;
    }
    return;
  }
  // "Rue Henri Barbusse Paris France": only a known foreign country says where to look.
  if (!cc) return;
  const town = townEndingAt(tokens, segStart + 1, end, cc);
  if (town < 0) return;
  const before = tokens[town - 1];
  // "Calle Principal 20 Barcelona" is handled by the street stage; here the town follows a name.
  if (before.hasDigit || before.unit || tokens.slice(town, end).every((t) => t.suffix || t.dir)) return;
  s.city = { start: town, end };
  s.end = town;
}
