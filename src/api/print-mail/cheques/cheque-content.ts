import { buildMergeContext, loadCheckedPdf, PAGE_SIZES } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import { isId } from '../../../platform/ids.js';
import { suppliedFileName } from '../../../platform/supplied-file.js';
import { signatureImageKey } from '../bank-accounts/bank-account.resource.js';
import { bankAccountWithNumber } from '../bank-accounts/bank-accounts.repo.js';
import { suppliedImage } from '../images/supplied-image.js';
import { exactlyOneIfAny, requireMergeVariables, templateHtml } from '../orders/order-html.js';
import type { ContentContext } from '../orders/order-kind.js';
import { takeSuppliedPdf } from '../orders/order-pdf.js';
import { checkTemplateHtml } from '../templates/template-syntax.js';
import type { ChequeCreate } from './cheque.schema.js';
import { chequeWithNumber, nextChequeNumber } from './cheque-numbers.repo.js';

/** The bank account as the cheque prints it, fixed at create; its number is read sealed at render. */
export interface ChequeBankSnapshot {
  id: string;
  name: string;
  primaryLine: string;
  secondaryLine?: string;
  countryCode: 'US' | 'CA';
  routingNumber?: string;
  transitNumber?: string;
  routeNumber?: string;
  signature: { kind: 'text'; text: string } | { kind: 'image'; blobKey: string };
}

/** What the render job renders, fixed at create. */
export interface ChequeContent {
  number: number;
  currencyCode: 'USD' | 'CAD';
  bank: ChequeBankSnapshot;
  logo?: { blobKey: string };
  letter?: { kind: 'html'; html: string; field: string } | { kind: 'pdf'; blobKey: string; field: string };
}

const LETTER_SOURCES = ['letterHTML', 'letterTemplate', 'letterPDF'] as const;

/** Cheap checks: at most one letter source. */
export function checkCheque(input: ChequeCreate): void {
  exactlyOneIfAny(input, LETTER_SOURCES);
}

/** What one cheque needs before its letter: the fields a box's cheques have too. */
export interface ChequeParts {
  bankAccount: string;
  number?: number;
  currencyCode?: 'USD' | 'CAD';
  logoURL?: string;
}

/** A cheque's content before its number: one not given is taken by `numberCheques`, last. */
export type UnnumberedCheque = Omit<ChequeContent, 'number'> & { number?: number };

/**
 * The bank account (the caller's: a 400 naming `bankAccount` otherwise), the cheque's number
 * if given (a 400 if taken) and the logo, fetched and kept. `field` is where the cheque is in
 * the request (`` for a cheque, `cheques[3].` in a box).
 */
export async function chequeParts(
  input: ChequeParts,
  ctx: ContentContext,
  field = '',
  logoKey = `${ctx.orderId}-logo`,
): Promise<UnnumberedCheque> {
  const bank = await chequeBank(input.bankAccount.trim(), ctx, `${field}bankAccount`);
  if (input.number !== undefined) {
    const taken = await chequeWithNumber(ctx.db, ctx.scope, input.number);
    if (taken) throw invalid(`${field}number`, `${input.number} is already the number of cheque ${taken}.`);
  }
  const content: UnnumberedCheque = {
    number: input.number,
    currencyCode: input.currencyCode ?? (bank.countryCode === 'CA' ? 'CAD' : 'USD'),
    bank,
  };
  if (input.logoURL) {
    const logo = await suppliedImage(input.logoURL, `${field}logoURL`, ctx.allowPrivate);
    const blobKey = `uploads/${ctx.scope.live ? 'live' : 'test'}/${logoKey}`;
    await ctx.blobs.put(blobKey, logo.bytes, { contentType: logo.contentType });
    content.logo = { blobKey };
  }
  return content;
}

/**
 * The next numbers for cheques not given one, taken once every other check has passed: taking
 * one writes the counter on its own statement (cheque-numbers.repo.ts), so a refused create must
 * not have taken one (a fuzz finding: a 400 moved the counter).
 */
export async function numberCheques(
  cheques: UnnumberedCheque[],
  ctx: ContentContext,
): Promise<ChequeContent[]> {
  const out: ChequeContent[] = [];
  for (const c of cheques)
    out.push({ ...c, number: c.number ?? (await nextChequeNumber(ctx.db, ctx.scope)) });
  return out;
}

/** A cheque's content: its parts, and the letter that goes with it checked like a letter's content. */
export async function chequeContent(input: ChequeCreate, ctx: ContentContext): Promise<ChequeContent> {
  const content = await chequeParts(input, ctx);
  const mode = ctx.scope.live ? 'live' : 'test';
  const source = exactlyOneIfAny(input, LETTER_SOURCES);
  if (source === 'letterPDF') {
    const size = PAGE_SIZES[input.size ?? 'us_letter'];
    const pdf = await takeSuppliedPdf(input.letterPDF, 'letterPDF', {
      ...ctx,
      blobKey: `uploads/${mode}/${ctx.orderId}-letter.pdf`,
      check: (bytes) =>
        loadCheckedPdf(bytes, { field: 'letterPDF', size, sizeName: input.size ?? 'us_letter' }),
    });
    content.letter = { kind: 'pdf', blobKey: pdf.blobKey, field: 'letterPDF' };
  } else if (source) {
    const html =
      source === 'letterHTML'
        ? input.letterHTML!
        : await templateHtml(ctx.db, ctx.scope, input.letterTemplate!.trim(), 'letterTemplate');
    if (source === 'letterHTML') checkTemplateHtml(html, 'letterHTML');
    requireMergeVariables(html, buildMergeContext(input.mergeVariables, ctx.to, ctx.from), source);
    content.letter = { kind: 'html', html, field: source };
  }
  return (await numberCheques([content], ctx))[0];
}

async function chequeBank(id: string, ctx: ContentContext, field: string): Promise<ChequeBankSnapshot> {
  if (!isId('bank_account', id)) throw invalid(field, 'must be a bank account id (bank_account_...).');
  const found = await bankAccountWithNumber(ctx.db, ctx.scope, id);
  if (!found) throw invalid(field, `refers to bank account ${id}, which does not exist.`);
  const b = found.doc;
  return {
    id,
    name: b.bankName,
    primaryLine: b.bankPrimaryLine ?? '',
    ...(b.bankSecondaryLine ? { secondaryLine: b.bankSecondaryLine } : {}),
    countryCode: b.bankCountryCode,
    ...(b.routingNumber ? { routingNumber: b.routingNumber } : {}),
    ...(b.transitNumber ? { transitNumber: b.transitNumber, routeNumber: b.routeNumber } : {}),
    signature: b.signatureText
      ? { kind: 'text', text: b.signatureText }
      : { kind: 'image', blobKey: signatureImageKey(b.live, id) },
  };
}

/** The cheque's own fields as stored and returned. */
export function chequeFields(input: ChequeCreate, content: ChequeContent) {
  const letter = exactlyOneIfAny(input, LETTER_SOURCES);
  return {
    bankAccount: content.bank.id,
    amount: input.amount,
    currencyCode: content.currencyCode,
    number: content.number,
    ...(input.memo ? { memo: input.memo } : {}),
    ...(input.message ? { message: input.message } : {}),
    ...(input.logoURL ? { logoURL: input.logoURL } : {}),
    ...(input.digitalOnly ? { digitalOnly: { watermark: input.digitalOnly.watermark || 'VOID' } } : {}),
    size: input.size ?? 'us_letter',
    envelope: input.envelope || 'standard',
    ...(letter === 'letterHTML' ? { letterHTML: input.letterHTML } : {}),
    ...(letter === 'letterTemplate' ? { letterTemplate: input.letterTemplate!.trim() } : {}),
    ...(letter === 'letterPDF' ? { letterPDF: suppliedFileName(input.letterPDF, 'upload.pdf') } : {}),
  };
}
