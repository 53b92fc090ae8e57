import { reference } from '../../engines/address/index.js';
import { apiError } from '../../platform/errors.js';

export interface CityState {
  city?: string;
  provinceOrState: string;
  country: 'us' | 'ca';
  county?: string;
  countyFIPS?: string;
  preferredCity?: string;
  mailable?: boolean;
  /** Canada: the forward sortation area's description, from which `city` is read. */
  areaName?: string;
}

const US_ZIP = /^\d{5}(-?\d{4})?$/;
const CA_CODE = /^[A-Z]\d[A-Z]( ?\d[A-Z]\d)?$/i;

/** A US ZIP → its preferred and acceptable cities; a Canadian FSA or postal code → its province. */
export function cityStates(postalOrZip: string): CityState[] {
  const code = postalOrZip.trim();
  if (US_ZIP.test(code)) {
    const zip = reference.zip(code);
    if (!zip) throw apiError('not_found_error', `No city is known for ZIP code ${code}.`);
    const county = zip.counties[0];
    return [zip.city, ...zip.acceptableCities].map((city) => ({
      city: city.toUpperCase(),
      provinceOrState: zip.state,
      country: 'us' as const,
      ...(county ? { county: county.name.toUpperCase(), countyFIPS: county.fips } : {}),
      preferredCity: zip.city.toUpperCase(),
      mailable: true,
    }));
  }
  if (CA_CODE.test(code)) {
    const fsa = reference.fsa(code);
    if (!fsa) throw apiError('not_found_error', `No area is known for postal code ${code.toUpperCase()}.`);
    const city = reference.fsaCity(code);
    return [
      {
        ...(city ? { city } : {}),
        provinceOrState: fsa.province.code,
        country: 'ca',
        areaName: fsa.area.toUpperCase(),
      },
    ];
  }
  throw apiError(
    'validation_error',
    'postalOrZip must be a US ZIP code (12345 or 12345-6789) or a Canadian postal code or FSA (A1A 1A1 or A1A).',
  );
}
