/**
 * Stage after `city`: outside the US the parser has no ZIP table, so a town written after
 * the street without a comma is found in the world town list - when the country says where
 * to look ("Rue Henri Barbusse Paris France"), when the street is plainly not American
 * ("Königsallee Düsseldorf"), or when the whole line is a town ("Méry-sur-Oise").
 */
import { asciiFold, type Classified } from './classify.js';
import { townEndingAt } from './gazetteer.js';
import { type ParseState, spanKey } from './state.js';

/** Where a street that opens with this word is written (to look its town up without a country). */
const PREFIX_COUNTRIES: Record<string, string[]> = {
  RUE: ['FR', 'BE', 'CH', 'LU'],
  AVENUE: ['FR', 'BE'],
  BOULEVARD: ['FR', 'BE'],
  PLACE: ['FR', 'BE'],
  ALLEE: ['FR'],
  IMPASSE: ['FR'],
  CHEMIN: ['FR', 'CH'],
  QUAI: ['FR'],
  COURS: ['FR'],
  CALLE: ['ES', 'MX', 'AR', 'CO', 'CL', 'PE'],
  AVENIDA: ['ES', 'MX', 'BR', 'PT', 'AR'],
  PASEO: ['ES', 'MX'],
  PLAZA: ['ES', 'MX'],
  CARRER: ['ES'],
  VIA: ['IT'],
  VIALE: ['IT'],
  PIAZZA: ['IT'],
  CORSO: ['IT'],
  RUA: ['BR', 'PT'],
  TRAVESSA: ['BR', 'PT'],
  PRACA: ['BR', 'PT'],
  STRADA: ['RO', 'IT'],
  ULICA: ['PL'],
};

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
  // "Méry Sur Oise": a directional inside a town's name ("Sur") is only a word there.
  const plain = region.every(
    (t, k) =>
      !t.hasDigit &&
      !t.unit &&
      !streetWord(t) &&
      !t.suffix &&
      !(t.dir && (k === 0 || k === region.length - 1)),
  );
  // "Méry-sur-Oise", "Chambéry": the whole line is one town; or a town segment before a foreign country.
  const wholeLine = segStart === 0 && end === tokens.length && region.length <= 4;
  if (plain && (wholeLine || (cc && segStart > 0))) {
    const town = townEndingAt(tokens, segStart, end, cc);
    if (town === segStart) {
      s.city = { start: town, end };
      s.end = town;
      return;
    }
    if (!wholeLine) return;
  }
  // "École Paul Valéry Montpellier", "Empire State Building NYC": a place's name, then its town.
  const nameOnly = segStart === 0 && end === tokens.length && region.length <= 8;
  if (plain && nameOnly && !region.some((t) => t.connector)) {
    const town = townEndingAt(tokens, 2, end, cc);
    if (town >= 2 && spanKey(tokens, town, end).length >= 4) {
      s.city = { start: town, end };
      s.end = town;
    }
    return;
  }
  // "Rue Henri Barbusse Paris France": a known foreign country says where to look; without
  // one, the street's opening word does ("Place Sohier Vervins" - a French town).
  const opening = region[0].houseNumber && region.length > 1 ? 1 : 0;
  // "Königsallee Düsseldorf": a one-word street with a European street ending, then a town
  // of any country (the ending says the street is not American).
  const first = region[opening];
  const compound = !cc && first.intlSuffix && !first.suffix && !first.intlPrefix;
  const countries: Array<string | undefined> = cc
    ? [cc]
    : compound
      ? [undefined]
      : (PREFIX_COUNTRIES[asciiFold(first.key)] ?? []);
  const min = segStart + opening + (cc || compound ? 1 : 2);
  let town = -1;
  for (const country of countries) {
    town = townEndingAt(tokens, min, end, country);
    if (town >= 0) break;
  }
  if (town < 0) return;
  const before = tokens[town - 1];
  // "Calle Principal 20 Barcelona" is handled by the street stage; here the town follows a name.
  if (before.hasDigit || before.unit || tokens.slice(town, end).every((t) => t.suffix || t.dir)) return;
  s.city = { start: town, end };
  s.end = town;
}
