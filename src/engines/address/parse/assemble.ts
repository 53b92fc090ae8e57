/**
 * Last stage: copy the tail spans into the public fields and settle the military post
 * office and Puerto Rico urbanization. Fields with no text are left out.
 */
import { MILITARY_PO } from '../tables/delivery-words.js';
import type { ParsedAddress } from '../types.js';
import { type ParseState, spanText } from './state.js';

export function assemble(s: ParseState): void {
  const t = s.tokens;
  const d = s.detail;
  const f = d.fields;
  if (s.city) f.city = spanText(t, s.city);
  if (s.state) f.state = spanText(t, s.state);
  if (s.postcode) f.postcode = spanText(t, s.postcode);
  if (s.country) f.country = spanText(t, s.country);
  if (s.trailingName) {
    const name = spanText(t, s.trailingName);
    f.house = f.house ? `${f.house}, ${name}` : name;
  }
  const cityKey = s.city ? t[s.city.start].key : '';
  if (MILITARY_PO.has(cityKey) && s.city && s.city.end - s.city.start === 1) {
    d.militaryPostOffice = cityKey as 'APO' | 'FPO' | 'DPO';
  }
  if (d.urbanization && !f.suburb) f.suburb = d.urbanization;
  if (!d.countryCode && d.layout === 'us' && (s.state || d.militaryPostOffice)) d.countryCode = 'US';
  for (const key of Object.keys(f) as Array<keyof ParsedAddress>) if (!f[key]) delete f[key];
}
