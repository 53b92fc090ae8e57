import type { OrderKind } from './order-kinds.js';

/** Where an order's rendered PDF lives: fixed by its id, so a repeated render overwrites it. */
export const orderPdfKey = (kind: OrderKind, live: boolean, id: string) =>
  `${kind.table}/${live ? 'live' : 'test'}/${id}.pdf`;

/**
 * Where an order's plastic card PDF lives: beside its PDF, named from it, so whatever knows the
 * order's pdf_key (the print batch assembly) finds the card with no column of its own.
 */
export const cardPdfKey = (pdfKey: string) => pdfKey.replace(/\.pdf$/, '-card.pdf');
