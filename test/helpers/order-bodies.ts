import type { OrderKindName } from '../../src/api/print-mail/orders/order-kinds.js';
import { alice, bob } from './letters.js';

/**
 * One create body per order kind whose content goes through the kind's usual render, with
 * `extraHtml` (an image, say) in the HTML it prints; `bankAccount` for the kinds that pay.
 * The fault tests fail for a kind of ORDER_KINDS that has none here, so a new kind gets one.
 */
export function orderBodies(
  ctx: { bankAccount: string },
  extraHtml = '',
): Partial<Record<OrderKindName, Record<string, unknown>>> {
  return {
    letter: { to: alice, from: bob, html: `<p>Hello {{to.firstName}}</p>${extraHtml}` },
    postcard: {
      to: alice,
      from: bob,
      size: '6x4',
      frontHTML: `<div style="padding:0.5in">Front${extraHtml}</div>`,
      backHTML: '<p style="margin:0.4in">Back</p>',
    },
    self_mailer: {
      to: alice,
      from: bob,
      size: '8.5x11_trifold',
      insideHTML: `<div style="padding:1in">Inside${extraHtml}</div>`,
      outsideHTML: '<p style="margin:0.5in">Outside</p>',
    },
    snap_pack: {
      to: alice,
      from: bob,
      size: '8.5x11_bifold_v',
      insideHTML: `<div style="padding:1in">Statement${extraHtml}</div>`,
      outsideHTML: '<p style="margin:0.5in">Enclosed</p>',
    },
    cheque: {
      to: alice,
      from: bob,
      bankAccount: ctx.bankAccount,
      amount: 5000,
      letterHTML: `<p>Your refund${extraHtml}</p>`,
    },
    // A box's content is its cheques, drawn with pdf-lib: no HTML of its own.
    box: { to: alice, from: bob, cheques: [{ bankAccount: ctx.bankAccount, amount: 2500, memo: 'Rebate' }] },
  };
}

export const TEST_BANK_ACCOUNT = {
  bankName: 'Fault Test Bank',
  bankPrimaryLine: '100 Main St',
  bankCountryCode: 'US',
  accountNumber: '000123456789',
  routingNumber: '011000015',
  signatureText: 'Bob Sender',
};
