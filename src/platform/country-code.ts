import countries from 'i18n-iso-countries';
import { invalid } from './errors.js';

/** Accepts an ISO 3166-1 alpha-2 or alpha-3 code in any case; returns alpha-2 upper-case. */
export function normalizeCountryCode(value: string, field = 'countryCode'): string {
  const code = value.trim().toUpperCase();
  const alpha2 = code.length === 3 ? countries.alpha3ToAlpha2(code) : code;
  if (!alpha2 || !countries.isValid(alpha2))
    throw invalid(field, `"${value}" is not an ISO 3166-1 country code.`);
  return alpha2;
}
