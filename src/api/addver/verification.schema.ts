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

// Response schemas avoid unions: fast-json-stringify serializes each `anyOf` by running the
// validator on the value per option, which cost more than the rest of the response.
const Status = Type.Unsafe<'verified' | 'corrected' | 'failed'>(
  Type.String({ enum: ['verified', 'corrected', 'failed'] }),
);

/** Spec 2.3, the fields the data supports (engine's AddressDetails), in the order they are set. */
const Details = Type.Object({
  county: Type.Optional(Type.String()),
  countyNum: Type.Optional(Type.String()),
  usTimeZone: Type.Optional(Type.String()),
  usHasDaylightSavings: Type.Optional(Type.Boolean()),
  usCongressionalDistrictNumber: Type.Optional(Type.String()),
  streetNumber: Type.Optional(Type.String()),
  streetName: Type.Optional(Type.String()),
  streetType: Type.Optional(Type.String()),
  preDirection: Type.Optional(Type.String()),
  postDirection: Type.Optional(Type.String()),
  streetDirection: Type.Optional(Type.String()),
  suiteKey: Type.Optional(Type.String()),
  suiteID: Type.Optional(Type.String()),
  boxID: Type.Optional(Type.String()),
  // From imported TIGER/Line boundaries (engine's geography/census-details.ts).
  usCensusFIPS: Type.Optional(Type.String()),
  usCensusTractNumber: Type.Optional(Type.String()),
  usCensusBlockNumber: Type.Optional(Type.String()),
  usCensusMSA: Type.Optional(Type.String()),
  usCensusCMSA: Type.Optional(Type.String()),
  usCensusPMSA: Type.Optional(Type.String()),
  usCensusMA: Type.Optional(Type.String()),
  usStateLegislativeUpper: Type.Optional(Type.String()),
  usStateLegislativeLower: Type.Optional(Type.String()),
  // From a NAD point's Plus_4 and Addr_Type (engine's delivery.ts).
  residential: Type.Optional(Type.Boolean()),
  usMailingsDeliveryPoint: Type.Optional(Type.String()),
  usMailingCheckDigit: Type.Optional(Type.String()),
  usPostnetBarcode: Type.Optional(Type.String()),
});

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
