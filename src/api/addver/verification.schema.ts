import { Type } from '@sinclair/typebox';
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
  status: Type.Union([Type.Literal('verified'), Type.Literal('corrected'), Type.Literal('failed')]),
  errors: Errors,
  details: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]))),
  geocodeResult: Type.Optional(
    Type.Object({
      accuracy: Type.Number(),
      accuracyType: Type.String(),
      location: Type.Object({ lat: Type.Number(), lng: Type.Number() }),
    }),
  ),
});
