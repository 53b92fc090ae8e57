import type { OrderKind } from './order-kind.js';

/** Where an order's rendered PDF lives: fixed by its id, so a repeated render overwrites it. */
export const orderPdfKey = (kind: OrderKind, live: boolean, id: string) =>
  `${kind.table}/${live ? 'live' : 'test'}/${id}.pdf`;

/**
 * Where an order's companion file (a letter's plastic `card`) lives: beside its PDF, named from
 * it, so whatever knows the order's pdf_key (the print batch assembly) finds it with no column
 * of its own.
 */
export const companionPdfKey = (pdfKey: string, name: string) => pdfKey.replace(/\.pdf$/, `-${name}.pdf`);
