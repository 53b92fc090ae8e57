import { invalid } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { bankAccountWithNumber } from '../bank-accounts/bank-accounts.repo.js';
import type { DocumentContext } from '../documents/document-resource.js';
import { suppliedImage } from '../images/supplied-image.js';
import { envelopeAvailable } from '../return-envelopes/return-envelopes.repo.js';

/**
 * The references a profile's orders will follow, checked when the profile is saved with the
 * reads the kinds' own content steps make, so a profile that no order could use is a 400 now,
 * not a refused order per contact later.
 */

/**
 * A letter's return envelope is the caller's. Not whether one is available: envelopes are
 * ordered and filled over time, and each letter takes one when it is created.
 */
export async function checkReturnEnvelopeExists(id: string | undefined, ctx: DocumentContext): Promise<void> {
  if (id === undefined) return;
  if ((await envelopeAvailable(ctx.db, ctx.scope, id)) === undefined)
    throw invalid('returnEnvelope', `refers to return envelope ${id}, which does not exist.`);
}

/** A cheque's bank account is the caller's (as the cheque's content step reads it). */
export async function checkBankAccount(id: string, ctx: DocumentContext): Promise<void> {
  if (!isId('bank_account', id.trim()))
    throw invalid('bankAccount', 'must be a bank account id (bank_account_...).');
  if (!(await bankAccountWithNumber(ctx.db, ctx.scope, id.trim())))
    throw invalid('bankAccount', `refers to bank account ${id}, which does not exist.`);
}

/**
 * A cheque's logo is a PNG or JPEG at an http(s) URL (or inline, as a data: URL or base64:
 * what the cheque kind's `logoURL` takes). Each cheque reads it again when it is created, so
 * this only reports a bad one early.
 */
export async function checkLogo(url: string | undefined, ctx: DocumentContext): Promise<void> {
  if (url === undefined) return;
  await suppliedImage(url, 'logo', ctx.deps.config.allowPrivateUrls);
}
