import { sniffType } from '../../assets/sniff-type.js';
import { RenderInputError } from '../../errors.js';
import {
  isAbaRoutingNumber,
  isAccountNumber,
  isCanadianInstitutionNumber,
  isCanadianTransitNumber,
} from '../bank-numbers.js';
import { isChequeAmount, MAX_CHEQUE_AMOUNT_CENTS } from '../cheque-amount.js';
import type { ChequeRenderInput, ChequeStage } from '../cheque-job.js';
import { MAX_MICR_ACCOUNT_CHARS } from '../micr-line.js';

/** Serial numbers up to ten digits: the ⑈…⑈ field and the on-us field have room for them. */
const MAX_SERIAL = 9_999_999_999;

/**
 * Refuses what the API should have refused already, before any work is spent: a cheque
 * with a wrong amount, routing number or account number must never be printed. Each error
 * names the request field.
 */
export const checkChequeInput: ChequeStage = async (job) => {
  const { input } = job;
  const fail = (field: string, why: string, code = 'invalid_content') =>
    new RenderInputError(field, `${field}: ${why}`, code);
  if (input.size !== 'us_letter' && input.size !== 'us_legal') {
    throw fail('size', `"${input.size}" is not a cheque size (us_letter, us_legal)`, 'unknown_size');
  }
  if (!isChequeAmount(input.amount)) {
    const most = MAX_CHEQUE_AMOUNT_CENTS;
    throw fail('amount', `${input.amount} is not a whole number of cents from 1 to ${most}`);
  }
  if (input.currencyCode !== 'USD' && input.currencyCode !== 'CAD') {
    throw fail('currencyCode', `"${input.currencyCode}" is not USD or CAD`);
  }
  if (!Number.isSafeInteger(input.number) || input.number < 1 || input.number > MAX_SERIAL) {
    throw fail('number', `${input.number} is not a cheque number from 1 to ${MAX_SERIAL}`);
  }
  if (!isCalendarDate(input.date)) throw fail('date', `"${input.date}" is not a date written YYYY-MM-DD`);
  checkBank(input.bank, fail);
  checkImage(input.logo, 'logo', fail);
};

function checkBank(bank: ChequeRenderInput['bank'], fail: (field: string, why: string) => Error) {
  if (!bank.name?.trim()) throw fail('bank.name', 'the bank has no name');
  if (bank.countryCode === 'US') {
    const routing = bank.routingNumber ?? '';
    if (!/^\d{9}$/.test(routing)) throw fail('bank.routingNumber', 'a US routing number has 9 digits');
    if (!isAbaRoutingNumber(routing)) {
      throw fail(
        'bank.routingNumber',
        `${routing} is not a valid ABA routing number (its check digit is wrong)`,
      );
    }
  } else if (bank.countryCode === 'CA') {
    if (!isCanadianTransitNumber(bank.transitNumber ?? '')) {
      throw fail('bank.transitNumber', 'a Canadian branch transit number has 5 digits');
    }
    if (!isCanadianInstitutionNumber(bank.routeNumber ?? '')) {
      throw fail('bank.routeNumber', 'a Canadian institution number has 3 digits');
    }
  } else {
    throw fail('bank.countryCode', `"${bank.countryCode}" is not US or CA`);
  }
  const account = bank.accountNumber ?? '';
  if (!isAccountNumber(account)) {
    throw fail('bank.accountNumber', 'an account number is digits, with single dashes between groups');
  }
  // US lines drop the dashes; Canadian ones print each as the dash symbol.
  const micrChars = bank.countryCode === 'US' ? account.replace(/-/g, '').length : account.length;
  if (micrChars > MAX_MICR_ACCOUNT_CHARS) {
    throw fail(
      'bank.accountNumber',
      `the account number is longer than the MICR line's ${MAX_MICR_ACCOUNT_CHARS} places`,
    );
  }
  const signature = bank.signature;
  if (signature?.kind === 'text') {
    if (!signature.text?.trim()) throw fail('bank.signature', 'the signature text is empty');
  } else if (signature?.kind === 'image') {
    checkImage(signature.bytes, 'bank.signature', fail);
  } else {
    throw fail('bank.signature', 'a signature is text or a PNG or JPEG image');
  }
}

/** An image the PDF can carry: PNG or JPEG, by its first bytes. */
function checkImage(
  bytes: Uint8Array | null | undefined,
  field: string,
  fail: (f: string, why: string) => Error,
) {
  if (bytes === null || bytes === undefined) return;
  const type = bytes.length ? sniffType(bytes, '') : '';
  if (type !== 'image/png' && type !== 'image/jpeg') throw fail(field, 'the image is not a PNG or JPEG');
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
