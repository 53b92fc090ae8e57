/**
 * Street types and directionals by language, for the international verifier's `details`
 * (`streetType`, `streetPreDirection`, `streetPostDirection` and their `subStreet*` twins):
 * which word of a street is its type, and on which side of the name it stands. Compiled from
 * the national posts' addressing guides (Royal Mail, La Poste, Deutsche Post, PostNL, Poste
 * Italiane, Correos, CTT, Correios, Posten/PostNord, Poczta Polska, Magyar Posta, Pos
 * Malaysia) and USPS Publication 28: facts only.
 *
 * Each cell is `FULL SHORT SHORT...`, the full form first. `before` types open the name (RUE
 * de Rivoli, CALLE Mayor), `after` types close it as a word of their own (Baker STREET,
 * Unter den Linden is none), and in `joined` languages the `after` types also end a compound
 * name (HauptSTRASSE, KerkSTRAAT, VesterbroGADE).
 */
export type StreetLanguage =
  | 'en'
  | 'de'
  | 'nl'
  | 'fr'
  | 'it'
  | 'es'
  | 'ca'
  | 'pt'
  | 'sv'
  | 'no'
  | 'da'
  | 'fi'
  | 'pl'
  | 'cs'
  | 'hu'
  | 'ro'
  | 'ms';

interface LanguageTypes {
  before?: string;
  after?: string;
  /** The `after` types also end a compound word. */
  joined?: boolean;
}

const TYPES: Record<StreetLanguage, LanguageTypes> = {
  en: {
    after:
      'STREET ST|ROAD RD|AVENUE AVE AV|LANE LN|DRIVE DR|PLACE PL|SQUARE SQ|CRESCENT CRES|COURT CT|TERRACE TCE TER|CLOSE|GROVE GRV|GARDENS GDNS|WAY|PARADE PDE|BOULEVARD BLVD|HIGHWAY HWY|PARKWAY PKWY|MEWS|ROW|HILL|WALK|RISE|VIEW|GREEN|CIRCUS|GATE|QUAY|WHARF|ESPLANADE ESP|PROMENADE|BYPASS|CIRCLE CIR|TRAIL TRL|EMBANKMENT',
  },
  de: {
    after:
      'STRASSE STRAßE STR|WEG|GASSE|PLATZ PL|ALLEE|RING|DAMM|UFER|STEIG|PFAD|CHAUSSEE|MARKT|WALL|STIEG|ZEILE',
    joined: true,
  },
  nl: {
    after: 'STRAAT STR|LAAN|WEG|GRACHT|SINGEL|PLEIN|KADE|DIJK|DREEF|STEEG|PAD|HOF|BOULEVARD',
    joined: true,
  },
  fr: {
    before:
      'RUE R|AVENUE AV AVE|BOULEVARD BD BLVD BLD|PLACE PL|CHEMIN CH CHE|IMPASSE IMP|ALLÉE ALLEE|QUAI|COURS CRS|ROUTE RTE|FAUBOURG FBG|PASSAGE PAS|SQUARE SQ|PROMENADE PROM|ESPLANADE ESP|VOIE|RUELLE|SENTIER SEN|CHAUSSÉE CHAUSSEE|MONTÉE MONTEE|CÔTE COTE|RANG|CARREFOUR CARR|PARVIS|ROND-POINT RPT|CITÉ CITE|HAMEAU HAM|LIEU-DIT LD',
  },
  it: {
    before:
      'VIA V|VIALE V.LE VLE|PIAZZA P.ZZA PZA|PIAZZALE P.LE PLE|CORSO C.SO CSO|VICOLO V.LO VLO|LARGO L.GO LGO|LUNGOMARE|LUNGOTEVERE|STRADA STR|CONTRADA C.DA CDA|SALITA|BORGO|VIALETTO|CALLE|FONDAMENTA|RIVA',
  },
  es: {
    before:
      'CALLE C C/ CL|AVENIDA AV AVDA AVD|PASEO PSO|PLAZA PZA|CAMINO CMNO|CARRETERA CTRA|RONDA RDA|TRAVESÍA TRAVESIA TRVA|GLORIETA GTA|PASAJE PJE|CALLEJÓN CALLEJON CJON|BULEVAR|CALZADA CALZ|PRIVADA PRIV|CERRADA CDA|ANDADOR|CIRCUITO CTO|PROLONGACIÓN PROLONGACION PROL|CARRERA CRA KR|DIAGONAL DG|TRANSVERSAL TV|AUTOPISTA|VÍA|CALLEJA|COSTANERA',
  },
  ca: { before: 'CARRER C/|AVINGUDA AV AVDA|PASSEIG PG|PLAÇA PL|RAMBLA RBLA|TRAVESSERA TRAV|RONDA' },
  pt: {
    before:
      'RUA R|AVENIDA AV|TRAVESSA TV TRAV|ALAMEDA AL|ESTRADA ESTR|PRAÇA PRACA PC PÇ|LARGO LGO|RODOVIA ROD|BECO|LADEIRA LAD|VIELA|QUADRA QD',
  },
  sv: {
    after: 'GATAN GATA|VÄGEN VAGEN VÄG VAG|GRÄND GRAND|TORGET TORG|ALLÉN ALLEN|STIGEN|BACKEN',
    joined: true,
  },
  no: { after: 'GATE GATEN GT|VEIEN VEI VN|VEGEN VEG|PLASS PLASSEN|ALLÉ ALLE|SMUG', joined: true },
  da: { after: 'GADE|VEJ|ALLÉ ALLE|STRÆDE STRAEDE|TORV|PLADS|BOULEVARD', joined: true },
  fi: { after: 'KATU|TIE|KUJA|POLKU|TORI|RAITTI|PUISTIKKO', joined: true },
  pl: { before: 'ULICA UL|ALEJA AL|PLAC PL|OSIEDLE OS|RYNEK|SKWER|BULWAR' },
  cs: { after: 'NÁMĚSTÍ NAMESTI NÁM|TŘÍDA TRIDA TŘ|NÁBŘEŽÍ NABREZI NÁBŘ' },
  hu: { after: 'UTCA U|ÚT UT|TÉR TER|KÖRÚT KORUT KRT|SOR|SÉTÁNY SETANY|KÖZ KOZ|RAKPART RKP' },
  ro: {
    before:
      'STRADA STR|BULEVARDUL BD BDUL B-DUL|CALEA|ȘOSEAUA SOSEAUA ȘOS SOS|SPLAIUL SPL|INTRAREA INTR|ALEEA AL|PIAȚA PIATA',
  },
  ms: { before: 'JALAN JLN|LORONG LRG|PERSIARAN PSRN|LEBUH|LEBUHRAYA' },
};

/** The languages a country's streets are written in (first the most common). */
const COUNTRY_LANGUAGES: Record<string, readonly StreetLanguage[]> = {
  ...each('en', 'GB IE US AU NZ ZA IN SG HK PH NG KE GH MT GI JE GG IM BM JM TT BS BB MU'),
  ...each('de', 'DE AT LI'),
  ...each('nl', 'NL SR AW CW'),
  ...each('fr', 'FR MC RE GP MQ GF YT PF NC PM SN CI ML BF NE TG BJ CM GA CG CD MG HT'),
  ...each('it', 'IT SM VA'),
  ...each('es', 'MX AR CO CL PE VE EC BO PY UY CR PA GT HN SV NI DO CU'),
  ...each('pt', 'PT BR AO MZ CV'),
  ...each('pl', 'PL'),
  ...each('hu', 'HU'),
  ...each('ro', 'RO MD'),
  SE: ['sv'],
  NO: ['no'],
  DK: ['da'],
  FO: ['da'],
  FI: ['fi', 'sv'],
  CZ: ['cs'],
  SK: ['cs'],
  ES: ['es', 'ca'],
  AD: ['ca', 'es'],
  BE: ['nl', 'fr'],
  LU: ['fr', 'de'],
  CH: ['de', 'fr', 'it'],
  CA: ['en', 'fr'],
  MY: ['ms', 'en'],
  BN: ['ms', 'en'],
  PR: ['es', 'en'],
};

function each(language: StreetLanguage, countries: string): Record<string, readonly StreetLanguage[]> {
  return Object.fromEntries(countries.split(' ').map((c) => [c, [language]]));
}

export interface StreetTypeWord {
  /** The full form ("STRASSE" for "STR"). */
  full: string;
  place: 'before' | 'after';
  /** The word may also end a compound name ("HAUPTSTRASSE"). */
  joined: boolean;
  language: StreetLanguage;
}

const folded = new Map<string, string>();

/** Folded for comparison: upper case, no accents or dots ("STRAßE" -> "STRASSE", "V.LE" -> "VLE"). */
export function foldWord(w: string): string {
  // Street words repeat from address to address: remembered, bounded.
  let f = folded.get(w);
  if (f !== undefined) return f;
  f = w
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/ß/g, 'SS')
    .replace(/[.]/g, '');
  if (folded.size >= 20_000) folded.clear();
  folded.set(w, f);
  return f;
}

function build(): Map<StreetLanguage, Map<string, StreetTypeWord>> {
  const out = new Map<StreetLanguage, Map<string, StreetTypeWord>>();
  for (const [language, types] of Object.entries(TYPES) as Array<[StreetLanguage, LanguageTypes]>) {
    const words = new Map<string, StreetTypeWord>();
    for (const place of ['before', 'after'] as const)
      for (const cell of (types[place] ?? '').split('|').filter(Boolean)) {
        const [full, ...short] = cell.split(' ');
        const word = { full: foldWord(full), place, joined: place === 'after' && !!types.joined, language };
        for (const w of [full, ...short]) if (!words.has(foldWord(w))) words.set(foldWord(w), word);
      }
    out.set(language, words);
  }
  return out;
}

/** Language -> folded spelling -> its street type. */
export const STREET_TYPES: ReadonlyMap<StreetLanguage, ReadonlyMap<string, StreetTypeWord>> = build();

/** Every language, for countries the table does not place. */
const ALL_LANGUAGES = [...STREET_TYPES.keys()];

/** The languages a country's street types are read in; every language where it is not listed. */
export function streetLanguages(country: string): readonly StreetLanguage[] {
  return COUNTRY_LANGUAGES[country] ?? ALL_LANGUAGES;
}

/** Whether the country is listed (only listed countries' compound names are split). */
export const placesLanguages = (country: string) => country in COUNTRY_LANGUAGES;

/**
 * Directionals by language, as whole words: the abbreviations only in English (and Canadian
 * French's O, NO, SO), where the posts write them; the others in full, plus Mexico's
 * NTE/OTE/PTE. `FULL SHORT...` per cell.
 */
const DIRECTIONALS: Partial<Record<StreetLanguage, string>> = {
  en: 'NORTH N|SOUTH S|EAST E|WEST W|NORTHEAST NE NORTH-EAST|NORTHWEST NW NORTH-WEST|SOUTHEAST SE SOUTH-EAST|SOUTHWEST SW SOUTH-WEST',
  fr: 'NORD|SUD|EST|OUEST O|NORD-EST NE|NORD-OUEST NO|SUD-EST SE|SUD-OUEST SO',
  es: 'NORTE NTE|SUR|ESTE|OESTE|ORIENTE OTE|PONIENTE PTE',
  pt: 'NORTE|SUL|LESTE|OESTE',
  it: 'NORD|SUD|EST|OVEST',
  de: 'NORD|SÜD SUED|OST|WEST',
  nl: 'NOORD|ZUID|OOST|WEST',
  ca: 'NORD|SUD|EST|OEST',
};

/** Language -> folded spelling -> the directional's full form. */
export const DIRECTIONAL_WORDS: ReadonlyMap<StreetLanguage, ReadonlyMap<string, string>> = new Map(
  Object.entries(DIRECTIONALS).map(([language, text]) => {
    const words = new Map<string, string>();
    for (const cell of text.split('|')) {
      const [full, ...short] = cell.split(' ');
      for (const w of [full, ...short]) words.set(foldWord(w), foldWord(full));
    }
    return [language as StreetLanguage, words];
  }),
);
