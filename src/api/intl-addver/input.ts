import { reference } from '../../engines/address/index.js';
import { freeformNamesCountry, type IntlInput } from '../../engines/address/intl/index.js';
import { invalid } from '../../platform/errors.js';
import { checkStringsAddress } from '../addver/verification-input.js';

/** Pre-validation of `{address}`: a string, or an object of strings (the schema would coerce 5 into "5"). */
export async function checkIntlAddressBody(request: { body: unknown }): Promise<void> {
  const body = request.body as { address?: unknown } | undefined;
  // The whole check runs before the schema, so every problem is a 400 naming its field.
  if (body?.address !== undefined) toIntlInput(body.address, 'address');
}

/** A checked address -> engine input; a 400 naming the field when it cannot be verified at all. */
export function toIntlInput(value: unknown, field: string): IntlInput {
  checkStringsAddress(value, field);
  if (typeof value === 'string') {
    if (!value.trim()) throw invalid(field, 'must not be empty.');
    if (value.length > 500) throw invalid(field, 'is longer than 500 characters.');
    // As a structured address without a country: nothing to verify against, so not charged.
    if (!freeformNamesCountry(value))
      throw invalid(
        field,
        'names no country: end it with the country ("…, United Kingdom" or "…, GB"), or send the address structured with country.',
      );
    return value;
  }
  const v = value as Record<string, string | undefined>;
  if (!v.line1?.trim()) throw invalid(`${field}.line1`, 'is required.');
  const country = v.country?.trim();
  if (!country) throw invalid(`${field}.country`, 'is required (ISO 3166-1 alpha-2 or alpha-3).');
  if (!reference.country(country))
    throw invalid(`${field}.country`, `"${country}" is not a known country code.`);
  for (const k of ['line1', 'line2', 'line3', 'line4', 'city', 'provinceOrState'] as const)
    if ((v[k]?.length ?? 0) > 200) throw invalid(`${field}.${k}`, 'is longer than 200 characters.');
  if ((v.postalOrZip?.length ?? 0) > 20)
    throw invalid(`${field}.postalOrZip`, 'is longer than 20 characters.');
  return {
    country,
    line1: v.line1,
    ...(v.line2 ? { line2: v.line2 } : {}),
    ...(v.line3 ? { line3: v.line3 } : {}),
    ...(v.line4 ? { line4: v.line4 } : {}),
    ...(v.city ? { city: v.city } : {}),
    ...(v.provinceOrState ? { provinceOrState: v.provinceOrState } : {}),
    ...(v.postalOrZip ? { postalOrZip: v.postalOrZip } : {}),
  };
}
