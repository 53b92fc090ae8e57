import { type ChequeRenderInput, mergeHtml, type RenderJob } from '../../../engines/render/index.js';
import { sealedAccountNumber } from '../bank-accounts/bank-accounts.repo.js';
import type { Contact } from '../contacts/contact.schema.js';
import type { RenderJobContext } from '../orders/order-kind.js';
import { orderMergeContext } from '../orders/order-merge.js';
import type { OrderRow } from '../orders/orders.repo.js';
import { newYorkDay } from '../orders/send-date.js';
import { storedBlob } from '../orders/stored-blob.js';
import type { ChequeContent } from './cheque-content.js';

/** One cheque's fields as stored (a cheque's doc, or one of a box's cheques). */
export interface StoredCheque {
  amount: number;
  memo?: string;
  message?: string;
  digitalOnly?: { watermark: string };
  mergeVariables?: Record<string, unknown>;
}

/**
 * One cheque as the render engine takes it: the bank as it was at create, its full account
 * number opened from its seal (the bank account cannot be deleted while a cheque still needs
 * it), the date its send date's New York day, and its letter merged over its own snapshot.
 * A test-mode order's cheque is marked void across its face; a live one is printed as it is.
 */
export async function chequeRenderInput(
  cheque: StoredCheque,
  content: ChequeContent,
  order: { size: ChequeRenderInput['size']; sendDate: string; to: Contact; from: Contact; live: boolean },
  ctx: RenderJobContext,
): Promise<ChequeRenderInput> {
  const { blobs, db, dataKeys } = ctx;
  const sealed = await sealedAccountNumber(db, content.bank.id);
  if (!sealed) throw new Error(`bank account ${content.bank.id} has no sealed number`);
  const { signature, id: _id, ...bank } = content.bank;
  const context = orderMergeContext(cheque.mergeVariables, order.to, order.from, ctx);
  const letter = content.letter;
  return {
    size: order.size,
    number: content.number,
    amount: cheque.amount,
    currencyCode: content.currencyCode,
    date: newYorkDay(new Date(order.sendDate)),
    memo: cheque.memo ?? null,
    message: cheque.message ?? null,
    to: order.to,
    from: order.from,
    logo: content.logo ? await storedBlob(blobs, content.logo.blobKey) : null,
    bank: {
      ...bank,
      accountNumber: dataKeys.open(sealed),
      signature:
        signature.kind === 'text'
          ? signature
          : { kind: 'image', bytes: await storedBlob(blobs, signature.blobKey) },
    },
    digitalOnly: cheque.digitalOnly ?? null,
    testMode: !order.live,
    letter: !letter
      ? null
      : letter.kind === 'html'
        ? { kind: 'html', html: mergeHtml(letter.html, context, letter.field), field: letter.field }
        : { kind: 'pdf', bytes: await storedBlob(blobs, letter.blobKey), field: letter.field },
  };
}

/** A stored cheque as a render job (with its redirect page, when it has one). */
export async function chequeRenderJob(row: OrderRow, ctx: RenderJobContext): Promise<RenderJob> {
  const doc = row.doc as Record<string, any>;
  const order = { ...(doc as any), live: row.live };
  const input = await chequeRenderInput(doc as StoredCheque, row.content as ChequeContent, order, ctx);
  return { kind: 'cheque', input: { ...input, redirectTo: doc.redirectTo ?? null } };
}
