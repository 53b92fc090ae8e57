/** The parts of a contact printed in an address block. */
export interface AddressContact {
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  addressLine1: string;
  addressLine2?: string | null;
  city?: string | null;
  provinceOrState?: string | null;
  postalOrZip?: string | null;
  countryCode?: string | null;
}

/** Countries that write the postal code before the town ("10115 BERLIN"). */
const POSTCODE_FIRST = new Set(
  'AT BE CH CZ DE DK EE ES FI FR GR HR HU IS IT LI LT LU LV MC NL NO PL PT RO SE SI SK'.split(' '),
);
/** Countries that put the postcode on a line of its own under the town. */
const POSTCODE_OWN_LINE = new Set(['GB', 'IE', 'IM', 'JE', 'GG']);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The lines of an address block, upper-case as postal scanners prefer: name, company,
 * street lines, the locality line in the destination country's order, and the country name
 * when the piece crosses a border (`homeCountry` is the other party's country).
 */
export function addressLines(contact: AddressContact, homeCountry?: string | null): string[] {
  const country = (contact.countryCode ?? '').trim().toUpperCase();
  const name = join(' ', contact.firstName, contact.lastName);
  const lines = [name, contact.companyName, contact.addressLine1, contact.addressLine2];
  lines.push(...localityLines(contact, country));
  if (country && homeCountry && country !== homeCountry.trim().toUpperCase())
    lines.push(countryName(country));
  return lines.map((line) => (line ?? '').replace(/\s+/g, ' ').trim().toUpperCase()).filter(Boolean);
}

function localityLines(c: AddressContact, country: string): string[] {
  if (POSTCODE_FIRST.has(country)) return [join(' ', c.postalOrZip, c.city)];
  if (POSTCODE_OWN_LINE.has(country)) return [join(' ', c.city, c.provinceOrState), c.postalOrZip ?? ''];
  // US, CA, AU and most others: "CITY ST 12345" (two spaces before the code, USPS style)
  return [join('  ', join(' ', c.city, c.provinceOrState), c.postalOrZip)];
}

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function join(separator: string, ...parts: Array<string | null | undefined>): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(separator);
}
