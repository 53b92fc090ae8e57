/** A resolved completion (spec 2.12) from an imported point, laid out in its country's format. */
import { reference } from '../reference/index.js';
import { streetKey } from '../verify/reference-point.js';
import { countryRule } from './country-rules.js';
import type { IntlPoint } from './point-source.js';
import { checkPostcode } from './postcode.js';
import { cased, layOut } from './present.js';

export interface IntlCompletion {
  line1: string;
  line2?: string;
  line3?: string;
  line4?: string;
  city: string;
  provinceOrState: string;
  provinceCode?: string;
  postalOrZip: string;
  country: string;
  countryCode: string;
  formattedAddress: string;
}

export function completionOf(p: IntlPoint, properCase = false): IntlCompletion {
  const rule = countryRule(p.country);
  const pc = checkPostcode(p.country, p.zip);
  const postalOrZip = pc.state === 'empty' ? '' : pc.code;
  const unit = [p.unitDesignator, p.unitId].filter(Boolean).join(' ');
  const regionParts =
    p.country === 'IT'
      ? { countyCode: p.state }
      : rule.regionAsCode
        ? { stateCode: p.state }
        : { state: p.state };
  const laid = layOut(
    p.country,
    {
      houseNumber: p.number,
      road: streetKey(p.street),
      city: p.city,
      postcode: postalOrZip,
      ...(p.state ? regionParts : {}),
    },
    unit || undefined,
    rule,
    properCase,
  );
  const [line1 = '', line2, line3, line4] = laid.lines;
  const name = reference.country(p.country)?.name ?? p.country;
  const regionCode = p.state && /^[A-Z0-9]{1,4}$/.test(p.state) ? p.state : undefined;
  return {
    line1,
    ...(line2 ? { line2 } : {}),
    ...(line3 ? { line3 } : {}),
    ...(line4 ? { line4 } : {}),
    city: cased(p.city, properCase),
    // A region's code stays as written ("NH"); a name is cased like the lines ("England").
    provinceOrState: regionCode ?? cased(p.state, properCase),
    ...(regionCode ? { provinceCode: regionCode } : {}),
    postalOrZip,
    country: cased(name, properCase),
    countryCode: p.country,
    formattedAddress: laid.formattedAddress,
  };
}
