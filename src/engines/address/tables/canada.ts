/**
 * Canada Post addressing facts (Canada Postal Guide, "Addressing guidelines"):
 * province/territory symbols with English and French names, and the street types
 * with their official abbreviations in both languages.
 */
export interface Province {
  code: string;
  en: string;
  fr: string;
}

export const PROVINCES: readonly Province[] = Object.freeze([
  { code: 'AB', en: 'Alberta', fr: 'Alberta' },
  { code: 'BC', en: 'British Columbia', fr: 'Colombie-Britannique' },
  { code: 'MB', en: 'Manitoba', fr: 'Manitoba' },
  { code: 'NB', en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  { code: 'NL', en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  { code: 'NS', en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  { code: 'NT', en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  { code: 'NU', en: 'Nunavut', fr: 'Nunavut' },
  { code: 'ON', en: 'Ontario', fr: 'Ontario' },
  { code: 'PE', en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  { code: 'QC', en: 'Quebec', fr: 'Québec' },
  { code: 'SK', en: 'Saskatchewan', fr: 'Saskatchewan' },
  { code: 'YT', en: 'Yukon', fr: 'Yukon' },
]);

/** First letter of a postal code -> province (X is shared by NT and NU). */
export const POSTAL_LETTER_PROVINCE: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

/** `ABBR FULL [FULL...]` per line; `lang` is en, fr or both. */
const STREET_TYPES = `
en ABBEY ABBEY|en ACRES ACRES|fr ALLÉE ALLÉE|en ALLEY ALLEY|fr AUT AUTOROUTE|both AVE AVENUE
fr AV AVENUE|en BAY BAY|en BEACH BEACH|en BEND BEND|en BLVD BOULEVARD|fr BOUL BOULEVARD
en BYPASS BYPASS|en BYWAY BYWAY|both CAMPUS CAMPUS|en CAPE CAPE|fr CAR CARRÉ|fr CARREF CARREFOUR
en CTR CENTRE|fr C CENTRE|fr CERCLE CERCLE|en CHASE CHASE|fr CH CHEMIN|en CIR CIRCLE|en CIRCT CIRCUIT
en CLOSE CLOSE|en COMMON COMMON|en CONC CONCESSION|en CRNRS CORNERS|fr CÔTE CÔTE|fr COUR COUR
fr COURS COURS|en CRT COURT|en COVE COVE|en CRES CRESCENT|fr CROIS CROISSANT|en CROSS CROSSING
fr CDS CUL-DE-SAC|en DALE DALE|en DELL DELL|both DIVERS DIVERSION|en DOWNS DOWNS|en DR DRIVE
fr ÉCH ÉCHANGEUR|en END END|fr ESPL ESPLANADE|en ESTATE ESTATES|en EXPY EXPRESSWAY|en EXTEN EXTENSION
en FARM FARM|en FIELD FIELD|en FOREST FOREST|en FWY FREEWAY|en FRONT FRONT|en GDNS GARDENS
en GATE GATE|en GLADE GLADE|en GLEN GLEN|en GREEN GREEN|en GRNDS GROUNDS|en GROVE GROVE
en HARBR HARBOUR|en HEATH HEATH|en HTS HEIGHTS|en HGHLDS HIGHLANDS|en HWY HIGHWAY|en HILL HILL
en HOLLOW HOLLOW|fr ÎLE ÎLE|fr IMP IMPASSE|en INLET INLET|en ISLAND ISLAND|en KEY KEY|en KNOLL KNOLL
en LANDNG LANDING|en LANE LANE|en LMTS LIMITS|en LINE LINE|en LINK LINK|en LKOUT LOOKOUT
en LOOP LOOP|en MALL MALL|en MANOR MANOR|en MAZE MAZE|en MEADOW MEADOW|en MEWS MEWS|fr MONTÉE MONTÉE
en MOOR MOOR|en MOUNT MOUNT|en MTN MOUNTAIN|en ORCH ORCHARD|en PARADE PARADE|fr PARC PARC
en PK PARK|en PKY PARKWAY|en PASS PASSAGE|en PATH PATH|en PTWAY PATHWAY|en PINES PINES|en PL PLACE
fr PLACE PLACE|en PLAT PLATEAU|en PLAZA PLAZA|en PT POINT|fr POINTE POINTE|en PORT PORT|en PVT PRIVATE
fr PROM PROMENADE|fr QUAI QUAI|en QUAY QUAY|en RAMP RAMP|fr RANG RANG|en RG RANGE|en RIDGE RIDGE
en RISE RISE|en RD ROAD|fr RDPT ROND-POINT|both RTE ROUTE|en ROW ROW|fr RUE RUE|fr RLE RUELLE
en RUN RUN|fr SENT SENTIER|en SQ SQUARE|en ST STREET|en SUBDIV SUBDIVISION|en TERR TERRACE
fr TSSE TERRASSE|en THICK THICKET|en TOWERS TOWERS|en TLINE TOWNLINE|en TRAIL TRAIL|en TRNABT TURNABOUT
en VALE VALE|fr VIA VIA|en VIEW VIEW|en VILLGE VILLAGE|en VILLAS VILLAS|en VISTA VISTA|fr VOIE VOIE
en WALK WALK|en WAY WAY|en WHARF WHARF|en WOOD WOOD|en WYND WYND
`;

export interface CanadaStreetType {
  abbr: string;
  full: string;
  lang: 'en' | 'fr' | 'both';
}

export const CANADA_STREET_TYPES: readonly CanadaStreetType[] = Object.freeze(
  STREET_TYPES.trim()
    .split(/\||\n/)
    .map((cell) => {
      const [lang, abbr, full] = cell.trim().split(' ');
      return { abbr, full, lang: lang as CanadaStreetType['lang'] };
    }),
);

const TYPE_BY_WORD = new Map<string, CanadaStreetType>();
for (const t of CANADA_STREET_TYPES) {
  for (const w of [t.abbr, t.full]) if (!TYPE_BY_WORD.has(w)) TYPE_BY_WORD.set(w, t);
}

/** Abbreviation or full word (upper case) -> Canada Post street type. */
export function canadaStreetType(word: string): CanadaStreetType | undefined {
  return TYPE_BY_WORD.get(word);
}

const PROVINCE_BY_KEY = new Map<string, Province>();
for (const p of PROVINCES) {
  for (const k of [p.code, p.en.toUpperCase(), p.fr.toUpperCase(), p.en.toUpperCase().replace(/-/g, ' ')]) {
    PROVINCE_BY_KEY.set(k, p);
  }
}
for (const [alias, code] of Object.entries({
  PQ: 'QC',
  NF: 'NL',
  NFLD: 'NL',
  YK: 'YT',
  PEI: 'PE',
  QUE: 'QC',
  ONT: 'ON',
  ALTA: 'AB',
  SASK: 'SK',
  MAN: 'MB',
  NEWFOUNDLAND: 'NL',
  'PRINCE EDWARD IS': 'PE',
  QUEBEC: 'QC',
})) {
  PROVINCE_BY_KEY.set(alias, PROVINCE_BY_KEY.get(code)!);
}

/** Code, English or French name, or a common old abbreviation (upper case) -> province. */
export function province(key: string): Province | undefined {
  return PROVINCE_BY_KEY.get(key);
}
