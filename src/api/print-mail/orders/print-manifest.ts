import { addressLines } from '../../../engines/render/index.js';
import { plasticCardSummary, productionNotes } from './production-notes.js';

/** One line of a print manifest: where the order sits in the combined PDF and where it goes. */
export interface ManifestEntry {
  sequence: number;
  orderId: string;
  organization: string;
  firstPage: number;
  pageCount: number;
  mailingClass: string;
  envelope: string;
  paper: string;
  /** The card to affix and its artwork's source, or null. */
  plasticCard: string | null;
  /** Where the order's card sits in the batch's cards PDF (front, then back), or null. */
  cardFirstPage: number | null;
  cardPageCount: number | null;
  perforatedPage: number | null;
  returnEnvelope: string | null;
  /** Everything beyond printing the pages, in words; empty when nothing special. */
  productionNotes: string;
  sendDate: string;
  recipient: string[];
}

export function manifestEntry(
  order: { id: string; orgId: string; doc: Record<string, any> },
  sequence: number,
  firstPage: number,
  pageCount: number,
  card: { firstPage: number; pageCount: number } | null = null,
): ManifestEntry {
  const doc = order.doc;
  return {
    sequence,
    orderId: order.id,
    organization: order.orgId,
    firstPage,
    pageCount,
    mailingClass: doc.mailingClass,
    envelope: doc.envelope ?? 'standard',
    paper: doc.paper ?? 'standard',
    plasticCard: plasticCardSummary(doc.plasticCard),
    cardFirstPage: card?.firstPage ?? null,
    cardPageCount: card?.pageCount ?? null,
    perforatedPage: doc.perforatedPage ?? null,
    returnEnvelope: doc.returnEnvelope ?? null,
    productionNotes: productionNotes(doc),
    sendDate: doc.sendDate,
    recipient: addressLines(doc.to, doc.from?.countryCode),
  };
}

const CSV_COLUMNS = [
  'sequence',
  'orderId',
  'organization',
  'firstPage',
  'pageCount',
  'mailingClass',
  'envelope',
  'paper',
  'plasticCard',
  'cardFirstPage',
  'cardPageCount',
  'perforatedPage',
  'returnEnvelope',
  'productionNotes',
  'sendDate',
  'recipient',
] as const;

const cell = (v: unknown) => {
  const text = Array.isArray(v) ? v.join(' / ') : v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function manifestCsv(entries: ManifestEntry[]): string {
  const rows = entries.map((e) => CSV_COLUMNS.map((c) => cell(e[c])).join(','));
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
