import { apiError, invalid } from '../../../platform/errors.js';
import {
  claimChequeNumberStatement,
  countPastStatement,
  holdBankAccountStatement,
} from '../cheques/cheque-numbers.repo.js';
import { chequeRenderInput, type StoredCheque } from '../cheques/cheque-render.js';
import { EXAMPLE_BANK_ACCOUNT, EXAMPLE_RECIPIENT, EXAMPLE_SENDER } from '../orders/order-examples.js';
import { defineOrderKind } from '../orders/order-kind.js';
import { Box, BoxCreate } from './box.schema.js';
import { type BoxContent, type BoxInput, boxContent, boxFields, checkBox } from './box-content.js';

/**
 * Boxes: up to 100 cheques mailed together in one box to one recipient; one PDF holds a packing
 * page and every cheque (BOX_STAGES in the render engine). Each cheque takes its number as a
 * cheque does.
 */
export const boxKind = defineOrderKind<BoxInput, BoxContent>({
  name: 'box',
  table: 'boxes',
  paths: ['/boxes'],
  tag: 'Boxes',
  schemas: { create: BoxCreate, stored: Box },
  fromRequired: true,
  check: checkBox,
  content: boxContent,
  fields: boxFields,
  unsearchable: [],
  parcel: true,
  example: {
    to: EXAMPLE_RECIPIENT,
    from: EXAMPLE_SENDER,
    cheques: [
      { bankAccount: EXAMPLE_BANK_ACCOUNT, amount: 2500, memo: 'Rebate 1' },
      { bankAccount: EXAMPLE_BANK_ACCOUNT, amount: 7500, memo: 'Rebate 2' },
    ],
  },
  async renderJob(row, ctx) {
    const doc = row.doc as Record<string, any>;
    const content = row.content as BoxContent;
    const order = {
      size: 'us_letter' as const,
      sendDate: doc.sendDate,
      to: doc.to,
      from: doc.from,
      live: row.live,
    };
    const cheques = [];
    for (const [i, cheque] of (doc.cheques as StoredCheque[]).entries())
      cheques.push(await chequeRenderInput(cheque, content.cheques[i], order, ctx));
    return { kind: 'box', input: { to: doc.to, from: doc.from, cheques } };
  },
  print: {
    setup: (box) => ({
      size: 'us_letter',
      color: false,
      doubleSided: false,
      mailingClass: box.mailingClass,
      finishing: { paper: 'cheque_stock', toner: 'micr', container: 'box' },
    }),
    manifestLine: (box) => ({ paper: 'cheque_stock', chequeCount: box.cheques.length }),
    productionNotes: (box) =>
      `cheque stock, MICR toner; page 1 is the packing list and the box's label; pack the ${box.cheques.length} cheques in order in one box`,
    companions: [],
    hasCompanion: () => false,
  },
  // Each cheque takes its number; the count moves past the highest once (one row per statement).
  // Each bank account is held until the box is written, as a cheque's is.
  claims: ({ id, content }, scope) => {
    const numbers = content.cheques.map((c) => c.number);
    const refused = apiError(
      'validation_error',
      'a cheque number of the box is already the number of another cheque.',
    );
    const banks = [...new Set(content.cheques.map((c) => c.bank.id))];
    return [
      ...banks.map((bank) => ({
        statement: holdBankAccountStatement(scope, bank),
        refused: invalid(
          `cheques[${content.cheques.findIndex((c) => c.bank.id === bank)}].bankAccount`,
          `refers to bank account ${bank}, which does not exist.`,
        ),
      })),
      ...numbers.map((number) => ({ statement: claimChequeNumberStatement(scope, number, id), refused })),
      { statement: countPastStatement(scope, Math.max(...numbers)), refused },
    ];
  },
});
