/**
 * Street-type words outside the US list, used by the parser to recognise a road and
 * which side of it the house number sits on. Prefix words open the street name
 * (RUE de Rivoli, CALLE Mayor); suffixes end a compound name (Triftstrasse, Laan,
 * Maria Dehlis vei). Compiled from the national addressing guides (La Poste, Correos,
 * Poste Italiane, CTT, Correios, Deutsche Post, PostNL, Posten/Postnord, Pos Malaysia) — facts only.
 */
const PREFIX_WORDS = `
RUE AVENUE AV AVE BOULEVARD BD BLD BVD CHEMIN CH PLACE PL IMPASSE IMP ALLEE ALLÉE QUAI COURS ROUTE RTE
CHAUSSEE CHAUSSÉE SQUARE FAUBOURG FBG PASSAGE SENTIER VOIE RUELLE PROMENADE ESPLANADE MONTEE MONTÉE COTE CÔTE
RANG LIEU-DIT HAMEAU RESIDENCE RÉSIDENCE CITE CITÉ
CALLE C CL CARRER C/ AVENIDA AVDA AVD AV PASEO PSO PLAZA PZA CAMINO CARRETERA CTRA RONDA TRAVESIA TRAVESÍA
GLORIETA PASAJE CALLEJON CALLEJÓN BULEVAR PRIVADA CERRADA ANDADOR CALZADA CIRCUITO PROLONGACION PROLONGACIÓN
CARRERA CRA KR CR DIAGONAL DG TRANSVERSAL TV AUTOPISTA VÍA
RUA R TRAVESSA TV ALAMEDA AL ESTRADA ESTR PRAÇA PRACA PC LARGO LGO RODOVIA ROD BECO LADEIRA
VIA VIALE V.LE PIAZZA P.ZZA PIAZZALE CORSO C.SO VICOLO LUNGOMARE LUNGOTEVERE STRADA BORGO CONTRADA SALITA
ALEJA AL ULICA UL PLAC OS OSIEDLE RYNEK
BULEVARDUL BDUL CALEA SOSEAUA ȘOSEAUA STRADA STR INTRAREA SPLAIUL
ULITSA PROSPEKT
JALAN JLN LORONG LRG PERSIARAN LEBUH LEBUHRAYA
`;

const SUFFIXES = `
STRASSE STRAßE STR STR. WEG GASSE PLATZ ALLEE RING DAMM UFER CHAUSSEE STEIG PFAD MARKT WALL HOF BERG
STRAAT STR LAAN WEG GRACHT SINGEL PLEIN KADE DIJK DREEF HOF PAD PARK STEEG MARKT BOULEVARD
VEI VEIEN VEGEN GATA GATEN GATE GATAN VÄGEN VAGEN VÄG VAG GRÄND TORG TORGET PLASS PLASSEN
GADE VEJ ALLÉ ALLE STRÆDE TORV
TIE TIENTIE KATU KUJA POLKU TORI
UTCA ÚT UT TÉR KÖRÚT
ULICE NÁMĚSTÍ TŘÍDA
`;

/** Words that open a street name in the countries that write the type first. */
export const INTL_PREFIX_TYPES: ReadonlySet<string> = new Set(PREFIX_WORDS.trim().split(/\s+/));

/** Whole words or word endings that close a street name (German, Dutch, Nordic...). */
export const INTL_SUFFIX_TYPES: readonly string[] = Object.freeze(
  [...new Set(SUFFIXES.trim().split(/\s+/))].sort((a, b) => b.length - a.length),
);

const SUFFIX_SET: ReadonlySet<string> = new Set(INTL_SUFFIX_TYPES);
const SUFFIX_LENGTHS: readonly number[] = [...new Set(INTL_SUFFIX_TYPES.map((x) => x.length))].filter(
  (n) => n >= 3,
);

/** Whether the word is a bare suffix ("STRASSE" in "Berliner Straße") rather than a compound. */
export function isBareIntlSuffix(word: string): boolean {
  return SUFFIX_SET.has(word);
}

/** Whether an upper-case word is, or ends in, a street-type suffix ("TRIFTSTRASSE", "VEI"). */
export function endsWithIntlStreetSuffix(word: string): boolean {
  if (SUFFIX_SET.has(word)) return true;
  // Compound names need a stem of at least three letters ("Hauptstraße", "Kerkstraat").
  for (const n of SUFFIX_LENGTHS) {
    if (word.length >= n + 3 && SUFFIX_SET.has(word.slice(-n))) return true;
  }
  return false;
}
