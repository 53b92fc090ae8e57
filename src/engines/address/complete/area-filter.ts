import { reference } from '../reference/index.js';
import { PROVINCES } from '../tables/canada.js';
import { US_STATES } from '../tables/us-states.js';
import type { AreaFilter } from './complete.js';

/** The filters of an autocomplete request as the client sent them. */
export interface TypedFilters {
  cityFilter?: string;
  stateFilter?: string;
  pcFilter?: string;
  countryFilter?: string;
  /** Whole city and postal code instead of their starts. */
  filterExact?: boolean;
}

/** A filter that cannot be applied: which one, and why (the HTTP layer makes it a 400). */
export interface FilterProblem {
  field: keyof TypedFilters;
  problem: string;
}

const CODES = {
  US: US_STATES.map((s) => s.code),
  CA: PROVINCES.map((p) => p.code),
};

const clean = (s: string | undefined) => (s ?? '').toUpperCase().replace(/\s+/g, ' ').trim();

/**
 * Typed filters -> the store's filter. Country and state narrow to state codes; a postal
 * filter is read without spaces or dashes (a ZIP+4 as its ZIP); a city matches the name
 * the points carry, or (US) any ZIP whose mailing city it is in the bundled ZIP table.
 */
export function areaFilter(typed: TypedFilters): AreaFilter | FilterProblem {
  const filter: AreaFilter = {};
  let country: 'US' | 'CA' | undefined;
  const countryText = clean(typed.countryFilter);
  if (countryText) {
    const known = reference.country(countryText);
    if (!known)
      return { field: 'countryFilter', problem: `"${typed.countryFilter}" is not a known country code.` };
    if (known.alpha2 !== 'US' && known.alpha2 !== 'CA')
      return {
        field: 'countryFilter',
        problem: 'must be us or ca: other countries use /v1/intl_addver/completions.',
      };
    country = known.alpha2;
    filter.states = CODES[country];
  }
  const stateText = clean(typed.stateFilter);
  if (stateText) {
    const region = reference.stateByNameOrCode(stateText, country);
    if (!region)
      return {
        field: 'stateFilter',
        problem: `"${typed.stateFilter}" is not a ${country === 'CA' ? 'Canadian province' : country === 'US' ? 'US state' : 'US state or Canadian province'}.`,
      };
    filter.states = [region.country === 'US' ? region.state.code : region.province.code];
  }
  const postal = clean(typed.pcFilter).replace(/[\s-]/g, '');
  if (postal) {
    const code = /^\d{9}$/.test(postal) ? postal.slice(0, 5) : postal;
    if (!/^[A-Z0-9]{1,6}$/.test(code))
      return {
        field: 'pcFilter',
        problem: 'must be a postal code or its start (12345, 12345-6789, K1A 0B1, K1A).',
      };
    filter.postal = code;
    filter.postalExact = !!typed.filterExact;
  }
  const city = clean(typed.cityFilter);
  if (city) {
    filter.city = city;
    filter.cityExact = !!typed.filterExact;
    const states = [...(reference.statesForCity(city) ?? [])].filter(
      (s) => !filter.states || filter.states.includes(s),
    );
    filter.cityZips = [...new Set(states.flatMap((s) => reference.zipsForCity(city, s).map((z) => z.zip)))];
  }
  return filter;
}

export const isFilterProblem = (f: AreaFilter | FilterProblem): f is FilterProblem => 'problem' in f;
