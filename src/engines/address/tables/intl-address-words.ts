/**
 * Words of an international address that are neither street nor town, by what they mark:
 * a post box, a floor, a premise number's type, an organization's legal form, a building's
 * type, a municipality's type. Read by the international street line (intl/street-line.ts)
 * for `details` (`postBox`, `SubBuildingFloor`, `premiseType`, `organization`, `buildingType`,
 * `cityType`). From the national posts' addressing guides and the registries' legal-form
 * lists (ISO 20275 ELF names): facts only. Upper case; `.` optional where written.
 */

/** Phrases that open a post box, longest first within a language (the number follows). */
export const POST_BOX_PHRASES: readonly string[] = [
  // English (Royal Mail, Australia Post, NZ Post, Canada Post)
  'POST OFFICE BOX',
  'P.O. BOX',
  'PO BOX',
  'P O BOX',
  'GPO BOX',
  'LOCKED BAG',
  'PRIVATE BAG',
  'PO BAG',
  // German, Dutch, Nordic
  'POSTFACH',
  'POSTBUS',
  'POSTBOKS',
  'POSTILOKERO',
  'BOX',
  // French (La Poste, Canada Post, Swiss Post)
  'BOÎTE POSTALE',
  'BOITE POSTALE',
  'CASE POSTALE',
  'B.P.',
  'BP',
  'C.P.',
  'CS',
  // Spanish, Portuguese, Italian
  'APARTADO DE CORREOS',
  'APARTADO POSTAL',
  'APARTADO',
  'APDO.',
  'CASILLA DE CORREO',
  'CASILLA',
  'CAIXA POSTAL',
  'CX. POSTAL',
  'CASELLA POSTALE',
  // Polish
  'SKRYTKA POCZTOWA',
  'SKR. POCZT.',
];

/** Floor words written before the floor's number ("Floor 2", "Etage 3", "Piso 4", "Level 5"). */
export const FLOOR_BEFORE: readonly string[] = [
  'FLOOR',
  'FL',
  'FLR',
  'LEVEL',
  'LVL',
  'ETAGE',
  'ÉTAGE',
  'STOCK',
  'PISO',
  'PLANTA',
  'PIANO',
  'ANDAR',
  'VERDIEPING',
];

/** Floor words written after an ordinal ("2nd Floor", "3. OG", "2e étage", "3º piso", "4° piano"). */
export const FLOOR_AFTER: readonly string[] = [...FLOOR_BEFORE, 'OG', 'ETG', 'OBERGESCHOSS'];

/** Floors written as English ordinal words ("Second Floor"), by number. */
export const ORDINAL_WORDS: readonly string[] = [
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'NINTH',
  'TENTH',
];

/** Ground floors, written as words ("Ground Floor", "RDC", "EG", "Planta Baja", "Piano Terra"). */
export const GROUND_FLOORS: readonly string[] = [
  'GROUND FLOOR',
  'GROUND',
  'G/F',
  'GF',
  'REZ-DE-CHAUSSÉE',
  'REZ-DE-CHAUSSEE',
  'RDC',
  'ERDGESCHOSS',
  'EG',
  'PLANTA BAJA',
  'PB',
  'PIANO TERRA',
  'BEGANE GROND',
];

/** Words that type a premise number ("Blk 123", "Nº 5", "Nr. 12", "Km 12", "Lote 4"). */
export const PREMISE_TYPES: readonly string[] = [
  'BLOCK',
  'BLK',
  'NO.',
  'NO',
  'NR.',
  'NR',
  'N°',
  'Nº',
  'N.',
  'NUM.',
  'KM',
  'LOTE',
  'LT.',
  'MZ.',
];

/** Words a premise number may carry after it ("12 bis", "7 ter"). */
export const PREMISE_SUFFIXES: readonly string[] = ['BIS', 'TER', 'QUATER'];

/** Legal forms that end an organization's name ("Acme Ltd", "Muster GmbH", "Société X SARL"); dots left out. */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'LTD',
  'LIMITED',
  'PLC',
  'LLP',
  'LLC',
  'INC',
  'INCORPORATED',
  'CORP',
  'CORPORATION',
  'GMBH',
  'AG',
  'KG',
  'OHG',
  'UG',
  'EV',
  'SA',
  'SAS',
  'SARL',
  'SRL',
  'SPA',
  'SNC',
  'BV',
  'NV',
  'VOF',
  'AB',
  'ASA',
  'A/S',
  'APS',
  'OY',
  'OYJ',
  'PTY',
  'KK',
  'SE',
  'SL',
  'SLU',
  'LTDA',
  'EIRELI',
  'SAC',
  'SAB',
  'SPZOO',
  'SRO',
]);

/** Words that open or close a building's name ("Rose Cottage", "Edificio Sol", "Résidence les Pins"). */
export const BUILDING_TYPES: ReadonlySet<string> = new Set([
  'HOUSE',
  'COTTAGE',
  'COURT',
  'MANSIONS',
  'LODGE',
  'FARM',
  'VILLA',
  'HALL',
  'TOWER',
  'TOWERS',
  'BUILDING',
  'BLDG',
  'CENTRE',
  'CENTER',
  'CHAMBERS',
  'FLATS',
  'APARTMENTS',
  'IMMEUBLE',
  'IMM',
  'RÉSIDENCE',
  'RESIDENCE',
  'BÂTIMENT',
  'BATIMENT',
  'BAT',
  'TOUR',
  'EDIFICIO',
  'EDIFÍCIO',
  'EDIF',
  'TORRE',
  'BLOQUE',
  'BLOCO',
  'CONJUNTO',
  'CONDOMÍNIO',
  'CONDOMINIO',
  'PALAZZO',
  'PALAZZINA',
  'GEBÄUDE',
  'GEBAEUDE',
  'HAUS',
  'GEBOUW',
]);

/**
 * Municipality type suffixes of Japanese and Korean place names ("Chiyoda-ku", "Yokohama-shi",
 * "Haeundae-gu"), with the type in English.
 */
export const CITY_TYPE_SUFFIXES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  JP: {
    KU: 'Ward',
    SHI: 'City',
    CHO: 'Town',
    MACHI: 'Town',
    MURA: 'Village',
    SON: 'Village',
    GUN: 'District',
  },
  KR: { SI: 'City', GU: 'District', GUN: 'County', EUP: 'Town', MYEON: 'Township' },
};
