/**
 * What each country's postal format asks of an address, beyond its postal-code format
 * (reference/postcode-formats.ts): whether the region is part of it and how it is written,
 * which GeoNames level the region is, and whether the locality line stays upper case even
 * in proper-case output (Royal Mail's post town, La Poste's last line). Countries not listed
 * follow DEFAULT_RULE.
 */
export interface CountryRule {
  /** The region is a required part of the address. */
  regionRequired: boolean;
  /** The address writes the region as its postal code ("NSW") rather than its name. */
  regionAsCode: boolean;
  /** GeoNames level of the region addresses name (Italian and Spanish provinces are admin2). */
  regionLevel: 'admin1' | 'admin2';
  /** The locality line is upper case in every output. */
  upperLocality: boolean;
}

const DEFAULT_RULE: CountryRule = Object.freeze({
  regionRequired: false,
  regionAsCode: false,
  regionLevel: 'admin1',
  upperLocality: false,
});

const RULES: Record<string, Partial<CountryRule>> = {
  US: { regionRequired: true, regionAsCode: true },
  CA: { regionRequired: true, regionAsCode: true },
  AU: { regionRequired: true, regionAsCode: true },
  BR: { regionRequired: true, regionAsCode: true },
  MX: { regionRequired: true },
  IT: { regionRequired: true, regionAsCode: true, regionLevel: 'admin2' },
  ES: { regionLevel: 'admin2' },
  IN: { regionRequired: true },
  JP: { regionRequired: true },
  CN: { regionRequired: true },
  GB: { upperLocality: true },
  IE: { upperLocality: true },
  FR: { upperLocality: true },
  LU: { upperLocality: true },
  MC: { upperLocality: true },
};

const MERGED = new Map(Object.entries(RULES).map(([c, r]) => [c, Object.freeze({ ...DEFAULT_RULE, ...r })]));

export function countryRule(alpha2: string): CountryRule {
  return MERGED.get(alpha2) ?? DEFAULT_RULE;
}
