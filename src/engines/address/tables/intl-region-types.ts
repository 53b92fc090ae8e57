/**
 * What kind of area a country's regions are, for `details.provinceOrStateType`: the type of
 * the region level its addresses name (states, provinces, Länder, prefectures, cantons;
 * Italian and Spanish provinces, the level those addresses name), with the regions of
 * another kind by the post's code or their name (`_` stands for a space): the District of
 * Columbia, Canada's and Australia's territories, India's union territories, China's
 * municipalities and autonomous regions. From ISO 3166-2's subdivision categories (facts).
 * A country not listed has no type: the field is left out.
 *
 * `Default|Other type: KEY KEY|...`
 */
const TABLE: Record<string, string> = {
  US: 'State|District: DC|Territory: PR AS GU MP VI',
  CA: 'Province|Territory: NT NU YT',
  AU: 'State|Territory: ACT NT',
  DE: 'Land',
  AT: 'Land',
  CH: 'Canton',
  NL: 'Province',
  BE: 'Region',
  FR: 'Region',
  IT: 'Province|Metropolitan city: RM MI NA TO GE VE FI BO BA RC PA CT ME CA',
  ES: 'Province',
  PT: 'District|Autonomous region: Madeira Azores',
  GB: 'Country',
  IE: 'Province',
  JP: 'Prefecture|Metropolis: 13',
  KR: 'Province|Special city: Seoul|Metropolitan city: Busan Daegu Incheon Gwangju Daejeon Ulsan|Special self-governing city: Sejong-si',
  CN: 'Province|Municipality: Beijing Shanghai Tianjin Chongqing|Autonomous region: Guangxi Inner_Mongolia Ningxia Tibet Xinjiang',
  IN: 'State|Union territory: Delhi Chandigarh Puducherry Jammu_and_Kashmir Ladakh Lakshadweep Andaman_and_Nicobar Dadra_and_Nagar_Haveli_and_Daman_and_Diu',
  BR: 'State|Federal district: DF',
  MX: 'State|City: Mexico_City',
  AR: 'Province|Autonomous city: Buenos_Aires_F.D.',
  CO: 'Department',
  CL: 'Region',
  PE: 'Region',
  VE: 'State',
  EC: 'Province',
  BO: 'Department',
  UY: 'Department',
  PY: 'Department',
  NZ: 'Region',
  ZA: 'Province',
  NG: 'State',
  MY: 'State|Federal territory: Kuala_Lumpur Labuan Putrajaya',
  ID: 'Province',
  TH: 'Province',
  PH: 'Region',
  VN: 'Province',
  PL: 'Voivodeship',
  CZ: 'Region',
  SK: 'Region',
  HU: 'County',
  RO: 'County',
  HR: 'County',
  SE: 'County',
  NO: 'County',
  DK: 'Region',
  FI: 'Region',
  GR: 'Region',
  TR: 'Province',
  UA: 'Oblast',
  BG: 'Province',
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

interface CountryTypes {
  default: string;
  /** Folded code or name -> type. */
  other: Map<string, string>;
}

const TYPES = new Map<string, CountryTypes>(
  Object.entries(TABLE).map(([country, text]) => {
    const [first, ...rest] = text.split('|');
    const other = new Map<string, string>();
    for (const cell of rest) {
      const [type, keys] = cell.split(': ');
      for (const key of keys.split(' ')) other.set(fold(key.replace(/_/g, ' ')), type);
    }
    return [country, { default: first, other }];
  }),
);

const answered = new Map<string, string | undefined>();

/** The type of a region of `country` by its post's code or its name; undefined where the table has none. */
export function regionType(country: string, code: string | undefined, name: string): string | undefined {
  const types = TYPES.get(country);
  if (!types) return undefined;
  // A country has a few dozen regions: each answer is remembered.
  const key = `${country}|${code ?? ''}|${name}`;
  if (answered.has(key)) return answered.get(key);
  const type = (code && types.other.get(fold(code))) || types.other.get(fold(name)) || types.default;
  if (answered.size < 10_000) answered.set(key, type);
  return type;
}
