import { reference } from '../../engines/address/index.js';
import { invalid } from '../../platform/errors.js';

/** ZIP codes whose preferred or acceptable city is `city` in `state` (US only: Canada has no such table). */
export function zipCodesFor(city: string, state: string, countryCode = 'US'): string[] {
  const country = reference.country(countryCode);
  if (!country) throw invalid('countryCode', `"${countryCode}" is not a known country code.`);
  if (country.alpha2 !== 'US')
    throw invalid('countryCode', 'must be US: ZIP code lookups cover the United States.');
  const region = reference.stateByNameOrCode(state, 'US');
  if (!region) throw invalid('state', `"${state}" is not a US state or territory.`);
  return [...new Set(reference.zipsForCity(city, state).map((z) => z.zip))].sort();
}
