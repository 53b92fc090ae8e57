import { type Static, Type } from '@sinclair/typebox';
import { documentSchema, ENVELOPE_CREATE, ENVELOPE_UPDATE } from '../documents/document-envelope.js';

/** An import's lifecycle (the hosted service's statuses): validating → completed | changes_required. */
export const IMPORT_STATUSES = ['validating', 'completed', 'changes_required'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Contact fields a receiver column may fill (the hosted SDK's list). */
export const MAPPABLE_FIELDS = [
  'description',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'companyName',
  'addressLine1',
  'addressLine2',
  'jobTitle',
  'city',
  'postalOrZip',
  'provinceOrState',
  'countryCode',
] as const;
export type MappableField = (typeof MAPPABLE_FIELDS)[number];

/** `{field or variable name: column name}`: which column of the file fills what. */
const Mapping = Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ maxLength: 200 }));
export type Mapping = Static<typeof Mapping>;

export const ImportCreate = Type.Object({
  file: Type.Unsafe<unknown>({
    description:
      'The CSV (UTF-8, a header row naming its columns): an http(s) URL to fetch, the file itself in base64 or as a data: URL, or the file as a multipart part.',
  }),
  fileType: Type.Literal('csv'),
  receiverAddressMapping: Type.Unsafe<Mapping>({
    ...Mapping,
    description: `Contact field → column name. Fields: ${MAPPABLE_FIELDS.join(', ')}. addressLine1, and firstName or companyName, are required.`,
  }),
  receiverMergeVariableMapping: Type.Optional(
    Type.Unsafe<Mapping>({
      ...Mapping,
      description: "Merge variable → column name: stored in each contact's metadata (up to 20).",
    }),
  ),
  senderAddressMapping: Type.Optional(
    Type.Unsafe<Mapping>({
      ...Mapping,
      description:
        "Contact field → column name for each row's sender (the same fields and rules as receivers). When given, every row needs a valid sender: it becomes a contact, kept as its receiver's sender on the lists the import is added to.",
    }),
  ),
  senderMergeVariableMapping: Type.Optional(
    Type.Unsafe<Mapping>({
      ...Mapping,
      description: "Merge variable → column name: stored in each sender contact's metadata (up to 20).",
    }),
  ),
  ...ENVELOPE_CREATE,
});
export type ImportCreate = Static<typeof ImportCreate>;

export const ImportUpdate = Type.Object({
  ...ENVELOPE_UPDATE,
});
export type ImportUpdate = Static<typeof ImportUpdate>;

const StatusCount = Type.Object({
  verifiedCount: Type.Integer(),
  correctedCount: Type.Integer(),
  failedCount: Type.Integer(),
});
export type StatusCount = Static<typeof StatusCount>;

export const IMPORT_ERROR_TYPES = [
  'no_valid_contacts_error',
  'multiple_countries_error',
  'invalid_contact_count_error',
  'internal_service_error',
] as const;

const ImportError = Type.Object({
  type: Type.Union(IMPORT_ERROR_TYPES.map((t) => Type.Literal(t))),
  message: Type.String(),
});

const ImportNote = Type.Object({
  type: Type.Union([Type.Literal('truncated_test_file'), Type.Literal('skipped_invalid_contacts')]),
  message: Type.String(),
});

const ImportFile = Type.Object({
  fileType: Type.Literal('csv'),
  url: Type.String({ description: 'A signed link to the uploaded file, valid for 15 minutes.' }),
  receiverAddressMapping: Mapping,
  receiverMergeVariableMapping: Type.Optional(Mapping),
  senderAddressMapping: Type.Optional(Mapping),
  senderMergeVariableMapping: Type.Optional(Mapping),
});

export const MailingListImport = documentSchema('mailing_list_import', {
  organization: Type.String(),
  status: Type.Union(IMPORT_STATUSES.map((s) => Type.Literal(s))),
  file: ImportFile,
  totalRowCount: Type.Integer({
    description: 'Data rows in the file (the header and blank rows are not rows).',
  }),
  processedRowCount: Type.Integer({
    description: 'Rows checked and verified so far: progress while validating.',
  }),
  validRowCount: Type.Integer(),
  invalidRowCount: Type.Integer(),
  receiverStatusCount: StatusCount,
  /** The valid rows by their sender's address status: only with senderAddressMapping. */
  senderStatusCount: Type.Optional(StatusCount),
  errors: Type.Array(ImportError),
  notes: Type.Array(ImportNote),
  reportURL: Type.Optional(
    Type.String({
      description: 'A signed link (15 minutes) to a CSV of the bad rows: row, field, message. Once done.',
    }),
  ),
});
export type MailingListImport = Static<typeof MailingListImport>;
