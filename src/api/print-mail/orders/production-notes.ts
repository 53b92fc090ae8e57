/**
 * What a print shop must do for one order beyond printing its pages, in words: the paper stock,
 * the envelope, a plastic card to affix, a perforation, a return envelope to insert. Defaults
 * (standard paper, standard envelope) are left out, so an empty note means "nothing special".
 * Written into every line of a print batch's manifest (docs/operations.md).
 */
export interface ProductionFields {
  paper?: string;
  envelope?: string;
  plasticCard?: PlasticCardFields;
  perforatedPage?: number | null;
  returnEnvelope?: string | null;
}

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

export function productionNotes(order: ProductionFields): string {
  const notes: string[] = [];
  if (order.paper && order.paper !== 'standard') notes.push(`paper ${order.paper}`);
  if (order.envelope && order.envelope !== 'standard') notes.push(`envelope ${order.envelope}`);
  const card = plasticCardSummary(order.plasticCard);
  if (card) notes.push(`affix plastic card: ${card}`);
  if (order.perforatedPage) notes.push(`perforate page ${order.perforatedPage}`);
  if (order.returnEnvelope) notes.push(`insert return envelope ${order.returnEnvelope}`);
  return notes.join('; ');
}

/**
 * Orders that share a print batch share these too: a batch is one press setup (paper stock)
 * and one inserting setup (envelope, cards), so the shop never changes either mid-batch.
 */
export function finishingSetup(order: ProductionFields) {
  return {
    paper: order.paper ?? 'standard',
    envelope: order.envelope ?? 'standard',
    plasticCard: plasticCardSummary(order.plasticCard) !== null,
  };
}
