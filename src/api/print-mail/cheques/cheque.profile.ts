import { invalid } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { bankAccountWithNumber } from '../bank-accounts/bank-accounts.repo.js';
import type { DocumentContext } from '../documents/document-resource.js';
import { suppliedImage } from '../images/supplied-image.js';
import type { ProfileSpec } from '../order-profiles/profile-kind.js';
import { letterPagesPdf } from '../order-profiles/profile-pdfs.js';

/**
 * A cheque profile: the account, the cheque's settings and its letter. It has no `amount` (the
 * hosted service's has none either): a campaign's cheque takes its contact's.
 */
export const CHEQUE_PROFILE: ProfileSpec = {
  fields: [
    ...['bankAccount', 'size', 'currencyCode', 'memo', 'message', 'logo'],
    ...['letterTemplate', 'letterHTML', 'letterPDF'],
  ],
  required: ['bankAccount', 'size'],
  templates: ['letterTemplate'],
  html: ['letterHTML'],
  pdfs: [letterPagesPdf('letterPDF', 'letterUploadedPDF', 'letter')],
  renamed: { logo: 'logoURL' },
  checkRefs: async (p, ctx, given) => {
    await checkBankAccount(p.bankAccount, ctx);
    if (given.has('logo')) await checkLogo(p.logo, ctx);
  },
  // The contact's `amount` metadata (cents), as an import maps it.
  campaignInput: (body, contact) => {
    if (contact.metadata?.amount !== undefined) body.amount = contact.metadata.amount;
  },
};

/** The bank account is the caller's (as the cheque's content step reads it). */
async function checkBankAccount(id: string, ctx: DocumentContext): Promise<void> {
  if (!isId('bank_account', id.trim()))
    throw invalid('bankAccount', 'must be a bank account id (bank_account_...).');
  if (!(await bankAccountWithNumber(ctx.db, ctx.scope, id.trim())))
    throw invalid('bankAccount', `refers to bank account ${id}, which does not exist.`);
}

/**
 * The logo is a PNG or JPEG at an http(s) URL (or inline, as a data: URL or base64: what the
 * cheque's `logoURL` takes). Each cheque reads it again when it is created, so this only
 * reports a bad one early.
 */
async function checkLogo(url: string | undefined, ctx: DocumentContext): Promise<void> {
  if (url === undefined) return;
  await suppliedImage(url, 'logo', ctx.deps.config.allowPrivateUrls);
}
