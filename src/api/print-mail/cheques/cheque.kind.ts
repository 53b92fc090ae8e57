import { apiError, invalid } from '../../../platform/errors.js';
import { EXAMPLE_BANK_ACCOUNT, EXAMPLE_RECIPIENT, EXAMPLE_SENDER } from '../orders/order-examples.js';
import { defineOrderKind } from '../orders/order-kind.js';
import { CHEQUE_PROFILE } from './cheque.profile.js';
import { Cheque, ChequeCreate } from './cheque.schema.js';
import { type ChequeContent, checkCheque, chequeContent, chequeFields } from './cheque-content.js';
import { chequeDepositReady } from './cheque-deposit-ready.js';
import {
  claimChequeNumberStatement,
  countPastStatement,
  holdBankAccountStatement,
} from './cheque-numbers.repo.js';
import { CHEQUE_PRINT } from './cheque-print.js';
import { chequeRenderJob } from './cheque-render.js';

/**
 * Cheques: drawn on one of the organization's bank accounts, printed on cheque stock with a
 * MICR line (CHEQUE_STAGES in the render engine), numbered per organization; digital-only
 * ones are never printed. `redirectTo` sends the envelope elsewhere first.
 */
export const chequeKind = defineOrderKind<ChequeCreate, ChequeContent>({
  name: 'cheque',
  paths: ['/cheques'],
  tag: 'Cheques',
  schemas: { create: ChequeCreate, stored: Cheque },
  fromRequired: true,
  otherContacts: ['redirectTo'],
  check: checkCheque,
  content: chequeContent,
  fields: chequeFields,
  unsearchable: ['letterHTML'],
  renderJob: chequeRenderJob,
  print: CHEQUE_PRINT,
  profile: CHEQUE_PROFILE,
  example: {
    to: EXAMPLE_RECIPIENT,
    from: EXAMPLE_SENDER,
    bankAccount: EXAMPLE_BANK_ACCOUNT,
    amount: 123456,
    memo: 'Invoice 42',
  },
  reportColumns: {
    amount: "(t.doc ->> 'amount')::bigint",
    currency_code: "t.doc #>> '{currencyCode}'",
    number: "(t.doc ->> 'number')::bigint",
    bank_account: "t.doc #>> '{bankAccount}'",
  },
  // The number is the cheque's alone: two creates that raced for it cannot both have it. The
  // bank account is held until the cheque is written, so a delete meanwhile keeps its number
  // for the cheque (or, if it came first, refuses it).
  claims: ({ id, content }, scope) => {
    const refused = apiError(
      'validation_error',
      `number ${content.number} is already the number of another cheque.`,
    );
    return [
      {
        statement: holdBankAccountStatement(scope, content.bank.id),
        refused: invalid('bankAccount', `refers to bank account ${content.bank.id}, which does not exist.`),
      },
      { statement: claimChequeNumberStatement(scope, content.number, id), refused },
      { statement: countPastStatement(scope, content.number), refused },
    ];
  },
  routes: (app, opts): Promise<void> => chequeDepositReady(chequeKind)(app, opts),
});
