import { type ParsedAddressDetail, parseAddressDetail, reference } from '../index.js';
import { uspsSuffix } from '../tables/usps-street-suffixes.js';
import { cleanText } from './clean-text.js';

const clean = cleanText;

/**
 * With the city dropped ("3119 S 2ND ST, KY 40208") the parser can take the street's last
 * word for the city. The other reading puts that "city" back on the street line.
 */
export function streetWithCity(d: ParsedAddressDetail): ParsedAddressDetail | undefined {
  if (!d.fields.city || !d.fields.houseNumber || !d.fields.road) return undefined;
  const line = `${d.fields.houseNumber} ${d.fields.road} ${d.fields.city}`;
  const street = parseAddressDetail(line);
  const { city: _moved, ...fields } = d.fields;
  return {
    ...street,
    fields: { ...fields, ...street.fields, state: d.fields.state, postcode: d.fields.postcode },
  };
}

/** A "city" that is a street suffix and no city of the state is almost surely the street's end. */
export function cityLooksLikeStreetEnd(d: ParsedAddressDetail): boolean {
  const city = clean(d.fields.city);
  return (
    !!city && !!uspsSuffix(city) && !(d.fields.state && reference.zipsForCity(city, d.fields.state).length)
  );
}
