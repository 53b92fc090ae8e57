/**
 * Region codes written in addresses outside the US and Canada, where the parser needs
 * them to find the state: Australian states and territories (Australia Post), Brazilian
 * federative units (Correios UF codes) and Mexican states (SEPOMEX).
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

// Mexico's states (SEPOMEX abbreviations). Ciudad de México is left out: written alone it
// is the city far more often than the entity.
const MX =
  'AGS Aguascalientes|BC Baja_California|BCS Baja_California_Sur|CAMP Campeche|CHIS Chiapas|CHIH Chihuahua|COAH Coahuila|COL Colima|DGO Durango|GTO Guanajuato|GRO Guerrero|HGO Hidalgo|JAL Jalisco|MEX Estado_de_México|MICH Michoacán|MOR Morelos|NAY Nayarit|NL Nuevo_León|OAX Oaxaca|PUE Puebla|QRO Querétaro|QROO Quintana_Roo|SLP San_Luis_Potosí|SIN Sinaloa|SON Sonora|TAB Tabasco|TAMPS Tamaulipas|TLAX Tlaxcala|VER Veracruz|YUC Yucatán|ZAC Zacatecas';

function rows(country: string, text: string): IntlRegion[] {
  return text.split('|').map((cell) => {
    const [code, name] = cell.split(' ');
    return { country, code, name: name.replace(/_/g, ' ') };
  });
}

export const INTL_REGIONS: readonly IntlRegion[] = Object.freeze([
  ...rows('AU', AU),
  ...rows('BR', BR),
  ...rows('MX', MX),
]);

const BY_COUNTRY = new Map<string, Map<string, IntlRegion>>();
for (const r of INTL_REGIONS) {
  const m = BY_COUNTRY.get(r.country) ?? new Map<string, IntlRegion>();
  m.set(r.code, r);
  m.set(r.name.toUpperCase(), r);
  // Also without accents ("SAO PAULO", "NUEVO LEON"), as addresses are often typed.
  m.set(
    r.name
      .toUpperCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, ''),
    r,
  );
  BY_COUNTRY.set(r.country, m);
}

/** A region of `country` by code or name (upper case; "BAJA-CALIFORNIA" = "BAJA CALIFORNIA"). */
export function intlRegion(country: string, key: string): IntlRegion | undefined {
  const m = BY_COUNTRY.get(country);
  return m?.get(key) ?? (key.includes('-') ? m?.get(key.replace(/-/g, ' ')) : undefined);
}

/** Australian state codes that never double as US ones (WA, SA and NT need a 4-digit postcode to tell). */
export const AU_ONLY_CODES: ReadonlySet<string> = new Set(['NSW', 'VIC', 'QLD', 'TAS', 'ACT']);
