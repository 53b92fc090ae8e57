import { type Static, Type } from '@sinclair/typebox';

/** Most data rows one list takes (the hosted service's limit). */
export const MAX_LIST_ROWS = 250_000;

/** The address fields a list's CSV columns can be mapped to (each value is a column name). */
export const MAPPING_FIELDS = [
  'line1',
  'line2',
  'city',
  'provinceOrState',
  'postalOrZip',
  'country',
  'firstName',
  'lastName',
  'fullName',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

/** A column name as the header has it; not blank, which would match an unnamed column. */
const Column = (description: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description });

export const Mappings = Type.Object(
  {
    line1: Column(
      'The column of the first address line, or of the whole address when it is the only mapping.',
    ),
    line2: Type.Optional(Column('The column of the second address line.')),
    city: Type.Optional(Column('The column of the city.')),
    provinceOrState: Type.Optional(Column('The column of the province or state.')),
    postalOrZip: Type.Optional(Column('The column of the postal or ZIP code.')),
    country: Type.Optional(Column('The column of the ISO country code (`US`, not `United States`).')),
    firstName: Type.Optional(Column('Only used by NCOA.')),
    lastName: Type.Optional(Column('Only used by NCOA.')),
    fullName: Type.Optional(Column('Only used by NCOA or CCOA.')),
  },
  { additionalProperties: false },
);
export type Mappings = Static<typeof Mappings>;

/** The upload's fields besides `file` (a multipart part, received before validation). */
export const ListUpload = Type.Object({
  file: Type.Unknown({
    description: 'The CSV file, as a multipart part named `file` (or in base64 or as a data: URL).',
  }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  mappings: Mappings,
  defaultCountry: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2}$',
      description: 'ISO 3166-1 alpha-2: the country of rows without one.',
    }),
  ),
  runCCOA: Type.Optional(Type.Boolean()),
  runNCOA: Type.Optional(Type.Boolean()),
  useGeocode: Type.Optional(Type.Boolean()),
  useIntlVerification: Type.Optional(Type.Boolean()),
  useProperCase: Type.Optional(Type.Boolean()),
});
export type ListUpload = Static<typeof ListUpload>;

const StatusCount = Type.Object({
  verified: Type.Integer(),
  corrected: Type.Integer(),
  failed: Type.Integer(),
});

/** A bulk verification list as the API answers it. */
export const AddverList = Type.Object({
  id: Type.String({ description: 'Prefix `addver_list_`.' }),
  name: Type.String(),
  status: Type.Unsafe<ListStatus>(Type.String({ enum: ['pending', 'processing', 'processed', 'failed'] })),
  count: Type.Integer({ description: 'Data rows in the uploaded file.' }),
  numInvalidRows: Type.Integer({
    description: 'Rows that could not be verified at all (no address, a country not covered).',
  }),
  cost: Type.Integer({ description: 'Address lookups the list is charged (docs/bulk-verification.md).' }),
  mappings: Mappings,
  defaultCountry: Type.Optional(Type.String()),
  runCCOA: Type.Boolean(),
  runNCOA: Type.Boolean(),
  useGeocode: Type.Boolean(),
  useIntlVerification: Type.Boolean(),
  useProperCase: Type.Boolean(),
  metadata: Type.Object({ statusCount: StatusCount }),
  file: Type.String({ description: 'A signed link to the uploaded CSV.' }),
  result: Type.Optional(Type.String({ description: 'A signed link to the output CSV, once processed.' })),
  failureMessage: Type.Optional(Type.String({ description: 'Why a failed list failed.' })),
  organization: Type.String(),
  user: Type.String({ description: 'The API key that uploaded the list.' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ListStatus = 'pending' | 'processing' | 'processed' | 'failed';
export type AddverList = Static<typeof AddverList>;

/** Where a list's job stands; kept in the stored doc, never answered. */
export interface ListProgress {
  /** Data rows verified and written to parts. */
  rows: number;
  /** The byte of the uploaded file where the next unread row starts (0: the first data row). */
  offset: number;
  /** Output parts written (`part-0.csv`, `part-1.csv`, …). */
  parts: number;
  invalid: number;
  /** Rows answered with a geocode (a geocode lookup each). */
  geocoded: number;
  statusCount: Static<typeof StatusCount>;
}

/** The stored doc: the answer's fields, with blob keys where the answer has links. */
export interface StoredList extends Omit<AddverList, 'file' | 'result'> {
  live: boolean;
  fileKey: string;
  resultKey?: string;
  /** The uploaded file's header cells (the output keeps them) and where its data rows start. */
  header: string[];
  dataStart: number;
  /**
   * The lookups charged at upload and each row's share; `geocode`: geocodes were asked for
   * (charged on top of a standard row; an international row's lookup includes them).
   */
  charged: { lookups: number; perRow: number; geocode: boolean };
  progress: ListProgress;
}
