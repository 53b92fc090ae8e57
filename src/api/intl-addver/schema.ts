import { Type } from '@sinclair/typebox';
import { INTL_DETAIL_FIELDS } from '../../engines/address/intl/index.js';
import { FreeformAddress } from '../addver/fields.js';

/** Spec 4.2: at most this many addresses per batch. */
export const MAX_INTL_BATCH = 2000;

const Line = () => Type.Optional(Type.String({ maxLength: 200 }));

/**
 * Spec 4.2 structured address. `country` and `line1` are enforced (nothing can be checked
 * without them); a missing postal code or region is reported in `errors`, as the country's
 * format asks for it or not.
 */
export const IntlStructuredAddress = Type.Object({
  country: Type.String({ maxLength: 60, description: 'ISO 3166-1 alpha-2 or alpha-3' }),
  line1: Type.String({ maxLength: 200 }),
  line2: Line(),
  line3: Line(),
  line4: Line(),
  city: Line(),
  provinceOrState: Line(),
  postalOrZip: Type.Optional(Type.String({ maxLength: 20 })),
});

export const IntlAddressInput = Type.Union([FreeformAddress, IntlStructuredAddress]);

export const IntlVerifyQuery = Type.Object({
  geoData: Type.Optional(Type.Boolean()),
  includeDetails: Type.Optional(Type.Boolean()),
  properCase: Type.Optional(Type.Boolean()),
});

export const IntlBatchQuery = Type.Object({
  ...IntlVerifyQuery.properties,
  useEnhancedChinaDataset: Type.Optional(
    Type.Boolean({ description: 'Accepted; Chinese addresses use the same data.' }),
  ),
});

const S = () => Type.Optional(Type.String());

/** Spec 2.10 `details`: the 33 fields, each as the engine's table lists it (detail-fields.ts). */
const IntlDetails = Type.Object(
  Object.fromEntries(INTL_DETAIL_FIELDS.map((row) => [row.field, S()])) as Record<
    (typeof INTL_DETAIL_FIELDS)[number]['field'],
    ReturnType<typeof S>
  >,
);

const Summary = Type.Object({
  verificationStatus: Type.String(),
  postProcessedVerificationMatchLevel: Type.String(),
  preProcessedVerificationMatchLevel: Type.String(),
  parsingStatus: Type.String(),
  lexiconIdentificationMatchLevel: Type.String(),
  contextIdentificationMatchLevel: Type.String(),
  postCodeStatus: Type.String(),
  matchScore: Type.Number(),
  message: S(),
});

/** Spec 2.10 (no unions: see addver/verification.schema.ts). */
export const IntlVerifiedAddressSchema = Type.Object({
  line1: Type.String(),
  line2: S(),
  line3: S(),
  line4: S(),
  city: Type.String(),
  provinceOrState: Type.String(),
  postalOrZip: Type.String(),
  country: Type.String(),
  countryName: Type.String(),
  firmName: S(),
  zipPlus4: S(),
  formattedAddress: Type.String(),
  status: Type.String({ enum: ['verified', 'corrected', 'failed'] }),
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
  summary: Summary,
  details: Type.Optional(IntlDetails),
  geoData: Type.Optional(
    Type.Object({ geoAccuracy: Type.String(), latitude: Type.String(), longitude: Type.String() }),
  ),
});

export const IntlBatchItem = Type.Union([IntlAddressInput, Type.Object({ address: IntlAddressInput })]);

export const IntlBatchBody = Type.Object({
  addresses: Type.Array(Type.Unknown(), { maxItems: MAX_INTL_BATCH }),
});

export const IntlBatchResult = Type.Object({
  error: S(),
  verifiedAddress: Type.Optional(IntlVerifiedAddressSchema),
});

/** Spec 2.11. */
export const IntlPreviewSchema = Type.Object({
  id: Type.String(),
  type: Type.String({ enum: ['Address', 'Container'] }),
  text: Type.String(),
  description: Type.String(),
  highlight: Type.String(),
  error: S(),
});

export const MAX_INTL_PREVIEWS = 100;

export const IntlPreviewQuery = Type.Object({
  partialStreet: Type.Optional(Type.String({ maxLength: 200 })),
  advanced: Type.Optional(Type.Boolean()),
  container: Type.Optional(Type.String({ maxLength: 500 })),
  countriesFilter: Type.Optional(
    Type.String({ maxLength: 200, description: 'Country codes, comma separated' }),
  ),
  cityFilter: Type.Optional(Type.String({ maxLength: 100 })),
  postalOrZipFilter: Type.Optional(Type.String({ maxLength: 20 })),
  streetFilter: Type.Optional(Type.String({ maxLength: 200 })),
  language: Type.Optional(Type.String({ maxLength: 20 })),
  disableIPBiasing: Type.Optional(Type.Boolean()),
  standardFallback: Type.Optional(Type.Boolean()),
  useEnhancedChinaDataset: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INTL_PREVIEWS, default: 10 })),
});

export const IntlResolveQuery = Type.Object({
  includeDetails: Type.Optional(Type.Boolean()),
  properCase: Type.Optional(Type.Boolean()),
  verify: Type.Optional(Type.Boolean()),
  geocode: Type.Optional(Type.Boolean()),
});

export const IntlResolveBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 500 }) });

/** Spec 2.12. */
export const IntlCompletionSchema = Type.Object({
  line1: Type.String(),
  line2: S(),
  line3: S(),
  line4: S(),
  city: Type.String(),
  provinceOrState: Type.String(),
  provinceCode: S(),
  postalOrZip: Type.String(),
  country: Type.String(),
  countryCode: Type.String(),
  formattedAddress: Type.String(),
  building: S(),
  company: S(),
  department: S(),
  error: S(),
});
