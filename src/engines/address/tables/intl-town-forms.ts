/**
 * Towns that real addresses name in ways a list of cities does not (read by
 * intl/town-forms.ts): city-states named alone, postal districts written as the town
 * ("Dublin 2", "København V"), arrondissements ("Paris 4e", "Lyon 2e", "Marseille 8e"), Tokyo's
 * 23 special wards, and the districts of the cities that are Länder ("Berlin-Kreuzberg").
 * Postal codes are compact; ranges are inclusive. From the posts' own lists (An Post's
 * Eircode routing keys, PostNord's Copenhagen districts, La Poste, Japan Post, Deutsche
 * Post) and the cities' charters: facts only.
 */

export interface CityState {
  country: string;
  /** The town as the post writes it. */
  town: string;
  /** The gazetteer's name for it, where it differs. */
  gazetteer?: string;
  /** Names the country is written with in an address (freeform: "1 Raffles Place, Singapore 048616"). */
  names: readonly string[];
  /** The one postal code of the whole country's streets, where it has one, and the codes it has (compact). */
  postcode?: string;
  postcodes?: ReadonlyArray<readonly [string, string]>;
}

export const CITY_STATES: readonly CityState[] = [
  { country: 'SG', town: 'Singapore', names: ['Singapore', 'Republic of Singapore'] },
  // Monaco's addresses are all 98000 (980xx are its CEDEX codes).
  {
    country: 'MC',
    town: 'Monaco',
    names: ['Monaco', 'Principality of Monaco', 'Principauté de Monaco'],
    postcode: '98000',
    postcodes: [['98000', '98099']],
  },
  { country: 'HK', town: 'Hong Kong', names: ['Hong Kong', 'Hong Kong SAR', 'HKSAR'] },
  { country: 'MO', town: 'Macau', names: ['Macau', 'Macao', 'Macau SAR', 'Macao SAR'] },
  {
    country: 'VA',
    town: 'Città del Vaticano',
    gazetteer: 'Vatican City',
    names: ['Città del Vaticano', 'Vatican City', 'Vatican City State', 'Vatican', 'Vaticano', 'Holy See'],
    postcode: '00120',
    postcodes: [['00120', '00120']],
  },
  {
    country: 'GI',
    town: 'Gibraltar',
    names: ['Gibraltar'],
    postcode: 'GX11 1AA',
    postcodes: [['GX111AA', 'GX111AA']],
  },
];

/** A town with numbered or lettered districts, each with its postal codes. */
export interface DistrictTown {
  country: string;
  /** The town as the post writes it, and the words addresses write it with. */
  town: string;
  spellings: readonly string[];
  /**
   * `line`: the district is part of the town line ("DUBLIN 2", "KØBENHAVN V"); `arrondissement`:
   * the post writes the town alone and the postal code says the district ("75004 PARIS").
   */
  kind: 'line' | 'arrondissement';
  districts: ReadonlyArray<{ id: string; postcodes: ReadonlyArray<readonly [string, string]> }>;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** "Paris 4e" -> 75004; the 16th also has 75116. */
const arrondissements = (prefix: string, count: number, extra: Record<number, string> = {}) =>
  range(1, count).map((n) => {
    const code = `${prefix}${pad(n, 5 - prefix.length)}`;
    return {
      id: String(n),
      postcodes: [[code, code], ...(extra[n] ? [[extra[n], extra[n]] as const] : [])] as const,
    };
  });

export const DISTRICT_TOWNS: readonly DistrictTown[] = [
  {
    // Eircode routing keys D01..D24 (no D19, D21, D23) and D6W.
    country: 'IE',
    town: 'Dublin',
    spellings: ['Dublin', 'Baile Átha Cliath'],
    kind: 'line',
    districts: [...range(1, 18), 20, 22, 24, '6W'].map((n) => {
      const key = n === '6W' ? 'D6W' : `D${pad(Number(n), 2)}`;
      return { id: String(n), postcodes: [[key, `${key}ZZZZ`]] };
    }),
  },
  {
    country: 'DK',
    town: 'København',
    spellings: ['København', 'Kobenhavn', 'Koebenhavn', 'Copenhagen', 'Kbh'],
    kind: 'line',
    districts: [
      { id: 'K', postcodes: [['1000', '1499']] },
      { id: 'V', postcodes: [['1500', '1799']] },
      { id: 'Ø', postcodes: [['2100', '2100']] },
      { id: 'N', postcodes: [['2200', '2200']] },
      { id: 'S', postcodes: [['2300', '2300']] },
      { id: 'NV', postcodes: [['2400', '2400']] },
      { id: 'SV', postcodes: [['2450', '2450']] },
    ],
  },
  {
    country: 'FR',
    town: 'Paris',
    spellings: ['Paris'],
    kind: 'arrondissement',
    districts: arrondissements('750', 20, { 16: '75116' }),
  },
  {
    country: 'FR',
    town: 'Lyon',
    spellings: ['Lyon'],
    kind: 'arrondissement',
    districts: arrondissements('6900', 9),
  },
  {
    country: 'FR',
    town: 'Marseille',
    spellings: ['Marseille'],
    kind: 'arrondissement',
    districts: arrondissements('130', 16),
  },
];

/**
 * Tokyo's 23 special wards (Tokyo Metropolis, ISO 3166-2 JP-13), as Japan Post romanizes
 * them. `shared`: other cities have a ward of that name too (Osaka's Kita-ku, Nagoya's
 * Minato-ku, Sapporo's Chūō-ku), so it is Tokyo's only with Tokyo in the address.
 */
export const TOKYO_WARDS: ReadonlyArray<{ name: string; shared?: true }> = [
  { name: 'Chiyoda' },
  { name: 'Chūō', shared: true },
  { name: 'Minato', shared: true },
  { name: 'Shinjuku' },
  { name: 'Bunkyō' },
  { name: 'Taitō' },
  { name: 'Sumida' },
  { name: 'Kōtō' },
  { name: 'Shinagawa' },
  { name: 'Meguro' },
  { name: 'Ōta' },
  { name: 'Setagaya' },
  { name: 'Shibuya' },
  { name: 'Nakano' },
  { name: 'Suginami' },
  { name: 'Toshima' },
  { name: 'Kita', shared: true },
  { name: 'Arakawa' },
  { name: 'Itabashi' },
  { name: 'Nerima' },
  { name: 'Adachi' },
  { name: 'Katsushika' },
  { name: 'Edogawa' },
];

/** Tokyo's region code (ISO 3166-2 JP-13) and the first digit of its postal codes (100-0000..208-0035). */
export const TOKYO = { region: '13', postcodeStart: '1' } as const;

/**
 * Cities that are a Land of their own, whose districts addresses write with the city
 * ("Berlin-Kreuzberg", "Hamburg-Altona", "Wien-Döbling"): the city, its GeoNames first-level
 * code (every gazetteer place in it is a part of the city), its Bezirke (not all are
 * gazetteer places) and its postal codes.
 */
export interface CityLand {
  country: string;
  city: string;
  /** Other names the city is written with. */
  spellings: readonly string[];
  admin1: string;
  districts: readonly string[];
  postcodes: ReadonlyArray<readonly [string, string]>;
}

export const CITY_LANDS: readonly CityLand[] = [
  {
    country: 'DE',
    city: 'Berlin',
    spellings: ['Berlin'],
    admin1: '16',
    districts: [
      'Mitte',
      'Friedrichshain-Kreuzberg',
      'Pankow',
      'Charlottenburg-Wilmersdorf',
      'Spandau',
      'Steglitz-Zehlendorf',
      'Tempelhof-Schöneberg',
      'Neukölln',
      'Treptow-Köpenick',
      'Marzahn-Hellersdorf',
      'Lichtenberg',
      'Reinickendorf',
    ],
    postcodes: [['10115', '14199']],
  },
  {
    country: 'DE',
    city: 'Hamburg',
    spellings: ['Hamburg'],
    admin1: '04',
    districts: ['Hamburg-Mitte', 'Altona', 'Eimsbüttel', 'Hamburg-Nord', 'Wandsbek', 'Bergedorf', 'Harburg'],
    postcodes: [
      ['20095', '21149'],
      ['22041', '22769'],
    ],
  },
  {
    country: 'AT',
    city: 'Wien',
    spellings: ['Wien', 'Vienna'],
    admin1: '09',
    districts: [],
    postcodes: [['1010', '1239']],
  },
];
