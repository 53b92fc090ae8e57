import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { documentSchema, ENVELOPE_CREATE, ENVELOPE_UPDATE } from '../documents/document-envelope.js';
import { removable } from '../documents/update-fields.js';

/** The hosted statuses: quoted, then (once confirmed) built. */
export const LIST_BUILD_STATUSES = [
  'generating_quote',
  'quote_ready',
  'creating_list',
  'completed',
  'failed',
] as const;
export type ListBuildStatus = (typeof LIST_BUILD_STATUSES)[number];

const NOT_HELD = 'Not supported: the address points a Postroom operator imports carry no such data (400).';
const unsupported = <T extends TSchema>(schema: T) =>
  Type.Optional({ ...schema, description: NOT_HELD } as T);
const Range = Type.Array(Type.Number(), { maxItems: 2 });
const Zip = Type.String({ pattern: '^[0-9]{5}$', description: 'A five-digit US ZIP code.' });

const ZipCodesAround = Type.Object({
  zipCode: Zip,
  radiusInMiles: Type.Number({ minimum: 0.1, maximum: 100 }),
});

/** Consumers (B2C): one geographic filter; the demographic ones are refused (docs/targeted-list-builds.md). */
export const UsConsumers = Type.Object({
  zipCodes: Type.Optional(Type.Array(Zip, { maxItems: 1000 })),
  cityStates: Type.Optional(
    Type.Array(Type.String({ maxLength: 100, description: '"City, ST", e.g. "Louisville, KY".' }), {
      maxItems: 100,
    }),
  ),
  zipCodesAround: Type.Optional(ZipCodesAround),
  ageRange: unsupported(Range),
  educationLevels: unsupported(Type.Array(Type.String())),
  gender: unsupported(Type.String()),
  homeValueRange: unsupported(Range),
  incomeRange: unsupported(Range),
  numChildrenRange: unsupported(Range),
  occupations: unsupported(Type.Array(Type.String())),
});
export type UsConsumers = Static<typeof UsConsumers>;

/** Companies (B2B): every address point in the ZIPs; the firmographic filters are refused. */
export const UsCompanies = Type.Object({
  postalCodes: Type.Array(Zip, { minItems: 1, maxItems: 1000 }),
  companyTypes: unsupported(Type.Array(Type.String())),
  employeeCount: unsupported(Range),
  foundedYear: unsupported(Range),
  industries: unsupported(Type.Array(Type.String())),
  naicsCodes: unsupported(Type.Array(Type.String())),
  tags: unsupported(Type.Array(Type.String())),
});
export type UsCompanies = Static<typeof UsCompanies>;

const Limit = Type.Integer({
  minimum: 1,
  description: 'Most contacts the list gets; all that match when omitted.',
});

export const ListBuildCreate = Type.Object({
  usConsumers: Type.Optional(UsConsumers),
  usCompanies: Type.Optional(UsCompanies),
  limit: Type.Optional(Limit),
  ...ENVELOPE_CREATE,
});
export type ListBuildCreate = Static<typeof ListBuildCreate>;

/** Filters or `limit` given: a new quote. Only before the build is confirmed. */
export const ListBuildUpdate = Type.Object({
  usConsumers: Type.Optional(UsConsumers),
  usCompanies: Type.Optional(UsCompanies),
  limit: removable(Limit),
  ...ENVELOPE_UPDATE,
});
export type ListBuildUpdate = Static<typeof ListBuildUpdate>;

export const LIST_BUILD_ERROR_TYPES = [
  'not_enough_info_to_quote',
  'insufficient_credits',
  'internal_service_error',
] as const;

const Quote = Type.Object({
  count: Type.Integer({ description: 'Contacts the list will get (the limit counted in).' }),
  pricePerContactCents: Type.Integer(),
  generatedAt: Type.String({ format: 'date-time' }),
});
const PreviewRecord = Type.Object({
  name: Type.String({ description: 'The generic addressee: no names are held.' }),
  formattedAddress: Type.String({ description: 'Comma-joined, the street line masked.' }),
});

export const TargetedListBuild = documentSchema('targeted_list_build', {
  organization: Type.String(),
  status: Type.Union(LIST_BUILD_STATUSES.map((s) => Type.Literal(s))),
  usConsumers: Type.Optional(UsConsumers),
  usCompanies: Type.Optional(UsCompanies),
  limit: Type.Optional(Type.Integer()),
  quote: Type.Optional(Quote),
  previewRecords: Type.Optional(Type.Array(PreviewRecord)),
  buildProgressPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  mailingList: Type.Optional(Type.String({ description: 'The list built; once completed.' })),
  errors: Type.Optional(
    Type.Array(
      Type.Object({
        type: Type.Union(LIST_BUILD_ERROR_TYPES.map((t) => Type.Literal(t))),
        message: Type.String(),
      }),
    ),
  ),
  confirmedAt: Type.Optional(Type.String({ format: 'date-time' })),
  completedAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type TargetedListBuild = Static<typeof TargetedListBuild>;

export const AutocompleteBody = Type.Object({
  field: Type.Literal('industry'),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  text: Type.Optional(Type.String({ maxLength: 200 })),
});

export const AutocompleteList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(Type.Object({ type: Type.Literal('industry'), value: Type.String() })),
});
