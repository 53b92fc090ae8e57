import { reference } from '../../../engines/address/index.js';
import { invalid } from '../../../platform/errors.js';
import type { UsCompanies, UsConsumers } from './list-build.schema.js';

/** What a build's filters ask for, before a radius's centre is looked up (area-points.repo.ts). */
export type AreaRequest =
  | { kind: 'zips'; zips: string[] }
  | { kind: 'cities'; cities: Array<{ city: string; state: string }> }
  | { kind: 'around'; zipCode: string; miles: number };

/** Who the list's contacts are addressed to: the points hold addresses, never names. */
export type Audience = 'consumers' | 'companies';

export interface CheckedFilters {
  audience: Audience;
  request: AreaRequest;
  /** The filters as the build stores and shows them (empty and null entries dropped). */
  stored: { usConsumers: UsConsumers } | { usCompanies: UsCompanies };
}

const GEOGRAPHIC = ['zipCodes', 'cityStates', 'zipCodesAround'] as const;
const CONSUMER_DATA = [
  'ageRange',
  'educationLevels',
  'gender',
  'homeValueRange',
  'incomeRange',
  'numChildrenRange',
  'occupations',
];
const COMPANY_DATA = ['companyTypes', 'employeeCount', 'foundedYear', 'industries', 'naicsCodes', 'tags'];

/** Clients often send every filter, the unused ones empty: those are not asked for. */
const given = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

function present<T extends object>(filters: T): T {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => given(v))) as T;
}

/**
 * A 400 naming a filter the address points cannot answer, or one no API has: a list that
 * ignored it would be charged and mailed as if it had been applied.
 */
function refuseOthers(field: string, filters: object, supported: readonly string[], data: string[]): void {
  for (const key of Object.keys(filters)) {
    if (supported.includes(key)) continue;
    if (data.includes(key))
      throw invalid(
        `${field}.${key}`,
        'is not supported: Postroom builds lists from the address points its operator imported, which carry no demographic or company data. Remove the filter.',
      );
    throw invalid(`${field}.${key}`, 'is not a filter of targeted list builds.');
  }
}

/** "Louisville, KY" -> its city and state as the points store them (upper case, state code). */
export function parseCityState(text: string, field: string): { city: string; state: string } {
  const comma = text.lastIndexOf(',');
  const city = text.slice(0, comma).toUpperCase().replace(/\s+/g, ' ').trim();
  const region = comma > 0 ? reference.stateByNameOrCode(text.slice(comma + 1).trim(), 'US') : undefined;
  if (!city || region?.country !== 'US')
    throw invalid(field, 'must be "City, ST" with a US state, e.g. "Louisville, KY".');
  return { city, state: region.state.code };
}

/**
 * Checks a create's (or an update's) filters: exactly one of usConsumers / usCompanies, for
 * consumers exactly one geographic filter; anything the points cannot answer is a 400.
 */
export function checkFilters(input: {
  usConsumers?: UsConsumers;
  usCompanies?: UsCompanies;
}): CheckedFilters {
  const consumers = given(input.usConsumers) ? present(input.usConsumers as UsConsumers) : undefined;
  const companies = given(input.usCompanies) ? present(input.usCompanies as UsCompanies) : undefined;
  if (consumers && companies) throw invalid('usConsumers', 'cannot be combined with usCompanies: give one.');
  if (companies) {
    refuseOthers('usCompanies', companies, ['postalCodes'], COMPANY_DATA);
    if (!companies.postalCodes?.length) throw invalid('usCompanies.postalCodes', 'is required.');
    return {
      audience: 'companies',
      request: { kind: 'zips', zips: [...new Set(companies.postalCodes)] },
      stored: { usCompanies: companies },
    };
  }
  if (!consumers) throw invalid('usConsumers', 'or usCompanies is required.');
  refuseOthers('usConsumers', consumers, GEOGRAPHIC, CONSUMER_DATA);
  const geographic = GEOGRAPHIC.filter((f) => consumers[f] !== undefined);
  if (geographic.length === 0)
    throw invalid('usConsumers', `needs one of ${GEOGRAPHIC.join(', ')}: a list is built for an area.`);
  if (geographic.length > 1)
    throw invalid(`usConsumers.${geographic[1]}`, `cannot be combined with ${geographic[0]}: give one area.`);
  const stored = { usConsumers: consumers };
  if (consumers.zipCodes)
    return {
      audience: 'consumers',
      request: { kind: 'zips', zips: [...new Set(consumers.zipCodes)] },
      stored,
    };
  if (consumers.cityStates) {
    const cities = consumers.cityStates.map((c, i) => parseCityState(c, `usConsumers.cityStates[${i}]`));
    return { audience: 'consumers', request: { kind: 'cities', cities }, stored };
  }
  const around = consumers.zipCodesAround as NonNullable<UsConsumers['zipCodesAround']>;
  return {
    audience: 'consumers',
    request: { kind: 'around', zipCode: around.zipCode, miles: around.radiusInMiles },
    stored,
  };
}
