import { isAbaRoutingNumber } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import type { BankAccountCreate } from './bank-account.schema.js';

/** The numbers of an account, checked and reduced to digits. */
export interface BankNumbers {
  accountNumber: string;
  routingNumber?: string;
  transitNumber?: string;
  routeNumber?: string;
  caDesignationNumber?: string;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Digits only: spaces and dashes, as people write account numbers, are dropped. */
function onlyDigits(value: string, field: string, lengths: [number, number]): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits))
    throw invalid(field, 'must contain only digits (spaces and dashes are ignored).');
  const [min, max] = lengths;
  if (digits.length < min || digits.length > max)
    throw invalid(field, min === max ? `must be ${min} digits.` : `must be ${min} to ${max} digits.`);
  return digits;
}

/**
 * US accounts have a routing number (ABA checksum) and no Canadian numbers; Canadian ones a
 * 5-digit transit and 3-digit institution (`routeNumber`) and no routing number. Each wrong
 * or misplaced number is a 400 naming it.
 */
export function checkBankNumbers(input: BankAccountCreate): BankNumbers {
  // US account numbers run to 17 digits (the MICR on-us field's room); Canadian ones to 12.
  const us = input.bankCountryCode === 'US';
  const accountNumber = onlyDigits(input.accountNumber, 'accountNumber', us ? [4, 17] : [5, 12]);
  const foreign = us
    ? (['transitNumber', 'routeNumber', 'caDesignationNumber'] as const)
    : (['routingNumber'] as const);
  for (const field of foreign)
    if (present(input[field]))
      throw invalid(
        field,
        `is not used for a ${input.bankCountryCode} account (bankCountryCode ${input.bankCountryCode}).`,
      );
  if (us) {
    if (!present(input.routingNumber)) throw invalid('routingNumber', 'is required for a US account.');
    const routingNumber = onlyDigits(input.routingNumber!, 'routingNumber', [9, 9]);
    if (!isAbaRoutingNumber(routingNumber))
      throw invalid('routingNumber', `${routingNumber} fails the ABA checksum; check for a mistyped digit.`);
    return { accountNumber, routingNumber };
  }
  for (const field of ['transitNumber', 'routeNumber'] as const)
    if (!present(input[field])) throw invalid(field, 'is required for a CA account.');
  return {
    accountNumber,
    transitNumber: onlyDigits(input.transitNumber!, 'transitNumber', [5, 5]),
    routeNumber: onlyDigits(input.routeNumber!, 'routeNumber', [3, 3]),
    ...(present(input.caDesignationNumber)
      ? { caDesignationNumber: onlyDigits(input.caDesignationNumber!, 'caDesignationNumber', [1, 3]) }
      : {}),
  };
}
