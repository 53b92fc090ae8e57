import { Type } from '@sinclair/typebox';
import { US_BOOLEAN_DETAILS, US_DETAIL_FIELDS } from '../../engines/address/verify/index.js';
import { FreeformAddress } from './fields.js';

const Line = (description?: string) =>
  Type.Optional(Type.String({ maxLength: 200, ...(description ? { description } : {}) }));

/** Spec 4.1 structured address. Only line1 is enforced: missing parts are reported in `errors`. */
export const StructuredAddress = Type.Object({
  line1: Type.String({ maxLength: 200 }),
  line2: Line(),
  city: Line(),
  provinceOrState: Line(),
  postalOrZip: Type.Optional(Type.String({ maxLength: 20 })),
  country: Type.Optional(Type.String({ maxLength: 60, description: 'us or ca' })),
  recipient: Line('Firm or recipient name'),
  urbanization: Line('Puerto Rico only'),
});

export const AddressInput = Type.Union([FreeformAddress, StructuredAddress]);

export const VerifyQuery = Type.Object({
  geocode: Type.Optional(Type.Boolean()),
  includeDetails: Type.Optional(Type.Boolean()),
  properCase: Type.Optional(Type.Boolean()),
});

const Errors = Type.Record(Type.String(), Type.Array(Type.String()));

// Response schemas avoid unions: fast-json-stringify serializes each `anyOf` by running the
// validator on the value per option, which cost more than the rest of the response.
const Status = Type.Unsafe<'verified' | 'corrected' | 'failed'>(
  Type.String({ enum: ['verified', 'corrected', 'failed'] }),
);

/**
 * Spec 2.3, the fields the data supports: every row of the engine's table (detail-fields.ts)
 * that has a source, in its order. A field without a source has no place in the schema.
 */
const Details = Type.Object(
  Object.fromEntries(
    US_DETAIL_FIELDS.filter((r) => !r.sources.includes('none')).map((r) => [
      r.field,
      Type.Optional(US_BOOLEAN_DETAILS.has(r.field) ? Type.Boolean() : Type.String()),
    ]),
  ),
);

/** Spec 2.2, 2.3 (the supported details) and 2.5. */
export const VerifiedAddressSchema = Type.Object({
  line1: Type.String(),
  line2: Type.Optional(Type.String()),
  city: Type.String(),
  provinceOrState: Type.String(),
  postalOrZip: Type.String(),
  country: Type.String(),
  countryName: Type.String(),
  provinceOrStateName: Type.Optional(Type.String()),
  firmName: Type.Optional(Type.String()),
  zipPlus4: Type.Optional(Type.String()),
  status: Status,
  errors: Errors,
  details: Type.Optional(Details),
  geocodeResult: Type.Optional(
    Type.Object({
      accuracy: Type.Number(),
      accuracyType: Type.String(),
      location: Type.Object({ lat: Type.Number(), lng: Type.Number() }),
    }),
  ),
});
