/**
 * Region codes written in addresses outside the US and Canada, where the parser needs
 * them to find the state: Australian states and territories (Australia Post) and
 * Brazilian federative units (Correios UF codes).
 */
export interface IntlRegion {
  country: string;
  code: string;
  name: string;
}

const AU =
  'NSW New_South_Wales|VIC Victoria|QLD Queensland|WA Western_Australia|SA South_Australia|TAS Tasmania|ACT Australian_Capital_Territory|NT Northern_Territory';
const BR =
  'AC Acre|AL Alagoas|AP Amapá|AM Amazonas|BA Bahia|CE Ceará|DF Distrito_Federal|ES Espírito_Santo|GO Goiás|MA Maranhão|MT Mato_Grosso|MS Mato_Grosso_do_Sul|MG Minas_Gerais|PA Pará|PB Paraíba|PR Paraná|PE Pernambuco|PI Piauí|RJ Rio_de_Janeiro|RN Rio_Grande_do_Norte|RS Rio_Grande_do_Sul|RO Rondônia|RR Roraima|SC Santa_Catarina|SP São_Paulo|SE Sergipe|TO Tocantins';

function rows(country: string, text: string): IntlRegion[] {
  return text.split('|').map((cell) => {
    const [code, name] = cell.split(' ');
    return { country, code, name: name.replace(/_/g, ' ') };
  });
}

export const INTL_REGIONS: readonly IntlRegion[] = Object.freeze([...rows('AU', AU), ...rows('BR', BR)]);

const BY_COUNTRY = new Map<string, Map<string, IntlRegion>>();
for (const r of INTL_REGIONS) {
  const m = BY_COUNTRY.get(r.country) ?? new Map<string, IntlRegion>();
  m.set(r.code, r);
  m.set(r.name.toUpperCase(), r);
  BY_COUNTRY.set(r.country, m);
}

/** A region of `country` by code or name (upper case). */
export function intlRegion(country: string, key: string): IntlRegion | undefined {
  return BY_COUNTRY.get(country)?.get(key);
}

/** Australian state codes that never double as US ones (WA, SA and NT need a 4-digit postcode to tell). */
export const AU_ONLY_CODES: ReadonlySet<string> = new Set(['NSW', 'VIC', 'QLD', 'TAS', 'ACT']);
