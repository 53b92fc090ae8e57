import {
  buildMergeContext,
  type ChequeRenderInput,
  mergeHtml,
  type RenderJob,
} from '../../../engines/render/index.js';
import { sealedAccountNumber } from '../bank-accounts/bank-accounts.repo.js';
import type { RenderJobContext } from '../orders/order-kind.js';
import type { OrderRow } from '../orders/orders.repo.js';
import { newYorkDay } from '../orders/send-date.js';
import { storedBlob } from '../orders/stored-blob.js';
import type { ChequeContent } from './cheque-content.js';

/**
 * A stored cheque as a render job: the bank as it was at create, its full account number
 * opened from its seal (the bank account cannot be deleted while a cheque still needs it), the
 * date its send date's day, and the letter merged over the cheque's own snapshot.
 */
export async function chequeRenderJob(
  row: OrderRow,
  { blobs, db, dataKeys }: RenderJobContext,
): Promise<RenderJob> {
  const doc = row.doc as Record<string, any>;
  const content = row.content as ChequeContent;
  const sealed = await sealedAccountNumber(db, content.bank.id);
  if (!sealed) throw new Error(`bank account ${content.bank.id} of cheque ${row.id} has no sealed number`);
  const { signature, id: _id, ...bank } = content.bank;
  const context = buildMergeContext(doc.mergeVariables, doc.to, doc.from);
  const letter = content.letter;
  const input: ChequeRenderInput = {
    size: doc.size,
    number: content.number,
    amount: doc.amount,
    currencyCode: content.currencyCode,
    date: newYorkDay(new Date(doc.sendDate)),
    memo: doc.memo ?? null,
    message: doc.message ?? null,
    to: doc.to,
    from: doc.from,
    logo: content.logo ? await storedBlob(blobs, content.logo.blobKey) : null,
    bank: {
      ...bank,
      accountNumber: dataKeys.open(sealed),
      signature:
        signature.kind === 'text'
          ? signature
          : { kind: 'image', bytes: await storedBlob(blobs, signature.blobKey) },
    },
    digitalOnly: doc.digitalOnly ?? null,
    letter: !letter
      ? null
      : letter.kind === 'html'
        ? { kind: 'html', html: mergeHtml(letter.html, context), field: letter.field }
        : { kind: 'pdf', bytes: await storedBlob(blobs, letter.blobKey), field: letter.field },
    redirectTo: doc.redirectTo ?? null,
  };
  return { kind: 'cheque', input };
}
