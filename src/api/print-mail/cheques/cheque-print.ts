import type { OrderDoc, PrintSetup } from '../orders/order-kind.js';

/**
 * Cheques print on cheque stock (security paper) with MICR toner, black, one side, then are
 * torn at the perforation by the recipient: a batch is one size, one envelope, one mailing
 * class. Digital-only cheques are never printed.
 */
export const CHEQUE_PRINT: PrintSetup = {
  setup: (cheque) => ({
    size: cheque.size,
    color: false,
    doubleSided: false,
    mailingClass: cheque.mailingClass,
    finishing: { paper: 'cheque_stock', toner: 'micr', envelope: cheque.envelope ?? 'standard' },
  }),
  manifestLine: (cheque) => ({
    envelope: cheque.envelope ?? 'standard',
    paper: 'cheque_stock',
    chequeNumber: cheque.number,
    amount: cheque.amount,
    currencyCode: cheque.currencyCode,
    redirectTo: cheque.redirectTo ? cheque.redirectTo.id : null,
  }),
  productionNotes: chequeProductionNotes,
  companions: [],
  hasCompanion: () => false,
  printed: (cheque) => !cheque.digitalOnly,
};

function chequeProductionNotes(cheque: OrderDoc): string {
  const notes = ['cheque stock, MICR toner; the page is perforated 3.5 in from the top'];
  if (cheque.envelope && cheque.envelope !== 'standard') notes.push(`envelope ${cheque.envelope}`);
  if (cheque.redirectTo) notes.push('page 1 is the redirect address page; the cheque follows it');
  return notes.join('; ');
}
