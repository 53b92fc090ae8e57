import { reference } from '../../engines/address/index.js';
import type { VerifyInput } from '../../engines/address/verify/index.js';
import { invalid } from '../../platform/errors.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Pre-validation of `{address}` bodies (verifications, suggestions), run before the schema
 * (which would coerce 5 into "5"): a clear 400 naming `address`.
 */
export async function checkAddressBody(request: { body: unknown }): Promise<void> {
  const body = request.body as { address?: unknown } | undefined;
  if (body?.address !== undefined) checkAddressShape(body.address, 'address');
}

/** An address is a freeform string or an object whose fields are strings (or null). */
export function checkStringsAddress(
  value: unknown,
  field: string,
): asserts value is string | Record<string, unknown> {
  if (typeof value === 'string') return;
  if (!isPlainObject(value))
    throw invalid(
      field,
      `must be a freeform string or an address object (got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}).`,
    );
  for (const [k, v] of Object.entries(value))
    if (v !== undefined && v !== null && typeof v !== 'string')
      throw invalid(`${field}.${k}`, 'must be a string.');
}

export function checkAddressShape(value: unknown, field: string): void {
  checkStringsAddress(value, field);
  if (typeof value === 'string') return;
  if (typeof value.line1 !== 'string')
    throw invalid(`${field}.line1`, 'is required in a structured address.');
}

/** The standard API takes US and Canadian addresses; anything else is a 400 naming the field. */
export function toVerifyInput(
  value: string | Record<string, string | undefined>,
  field: string,
): VerifyInput {
  if (typeof value === 'string') {
    if (!value.trim()) throw invalid(field, 'must not be empty.');
    return value;
  }
  if (!value.line1?.trim()) throw invalid(`${field}.line1`, 'is required.');
  const country = value.country?.trim();
  if (country) {
    const known = reference.country(country);
    if (!known) throw invalid(`${field}.country`, `"${country}" is not a known country code.`);
    if (known.alpha2 !== 'US' && known.alpha2 !== 'CA')
      throw invalid(
        `${field}.country`,
        'must be us or ca here: verify other countries with the international API, POST /v1/intl_addver/verifications.',
      );
  }
  return {
    line1: value.line1,
    ...(value.line2 ? { line2: value.line2 } : {}),
    ...(value.city ? { city: value.city } : {}),
    ...(value.provinceOrState ? { provinceOrState: value.provinceOrState } : {}),
    ...(value.postalOrZip ? { postalOrZip: value.postalOrZip } : {}),
    ...(country ? { country } : {}),
    ...(value.recipient ? { recipient: value.recipient } : {}),
    ...(value.urbanization ? { urbanization: value.urbanization } : {}),
  };
}
