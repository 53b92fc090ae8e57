import type { CompanionPages, OrderDoc, PrintSetup } from '../orders/order-kind.js';

interface PlasticCardFields {
  size?: string;
  singleSided?: Record<string, unknown>;
  doubleSided?: Record<string, unknown>;
}

/** "standard card, double-sided (frontHtml, backTemplate)": the card and where its artwork comes from. */
export function plasticCardSummary(card: PlasticCardFields | undefined): string | null {
  if (!card) return null;
  const sides = card.doubleSided ? 'double-sided' : 'single-sided';
  const art = Object.keys(card.doubleSided ?? card.singleSided ?? {});
  return `${card.size ?? 'standard'} card, ${sides}${art.length ? ` (${art.join(', ')})` : ''}`;
}

/**
 * What a print shop must do for one letter beyond printing its pages, in words: the paper stock,
 * the envelope, a plastic card to affix, a perforation, a return envelope to insert. Defaults
 * (standard paper, standard envelope) are left out, so an empty note means "nothing special".
 */
export function letterProductionNotes(letter: OrderDoc): string {
  const notes: string[] = [];
  if (letter.paper && letter.paper !== 'standard') notes.push(`paper ${letter.paper}`);
  if (letter.envelope && letter.envelope !== 'standard') notes.push(`envelope ${letter.envelope}`);
  const card = plasticCardSummary(letter.plasticCard);
  if (card) notes.push(`affix plastic card: ${card}`);
  if (letter.perforatedPage) notes.push(`perforate page ${letter.perforatedPage}`);
  if (letter.returnEnvelope) notes.push(`insert return envelope ${letter.returnEnvelope}`);
  return notes.join('; ');
}

/**
 * Letters that share a print batch share one press setup (size, colour, sides, paper stock)
 * and one inserting setup (envelope, cards), so the shop never changes either mid-batch.
 */
export const LETTER_PRINT: PrintSetup = {
  setup: (letter) => ({
    size: letter.size,
    color: letter.color,
    doubleSided: letter.doubleSided,
    mailingClass: letter.mailingClass,
    finishing: {
      paper: letter.paper ?? 'standard',
      envelope: letter.envelope ?? 'standard',
      plasticCard: plasticCardSummary(letter.plasticCard) !== null,
    },
  }),
  manifestLine: (letter, companions: CompanionPages) => ({
    envelope: letter.envelope ?? 'standard',
    paper: letter.paper ?? 'standard',
    plasticCard: plasticCardSummary(letter.plasticCard),
    cardFirstPage: companions.card?.firstPage ?? null,
    cardPageCount: companions.card?.pageCount ?? null,
    perforatedPage: letter.perforatedPage ?? null,
    returnEnvelope: letter.returnEnvelope ?? null,
  }),
  productionNotes: letterProductionNotes,
  companions: ['card'],
  hasCompanion: (letter, name) => name === 'card' && Boolean(letter.plasticCard),
};
