import { Type } from '@sinclair/typebox';

/** Longest partial street: what fits on an envelope's first line, with room to spare. */
export const MAX_PARTIAL_STREET = 200;
export const MAX_COMPLETIONS = 100;
export const DEFAULT_COMPLETIONS = 10;

const Text = (maxLength: number, description?: string) =>
  Type.Optional(Type.String({ maxLength, ...(description ? { description } : {}) }));

/** The search and its filters: the query of GET, the body (or query) of POST. */
const SearchFields = {
  partialStreet: Text(MAX_PARTIAL_STREET, 'What the user has typed: "1920 newb", "3119 s 2nd st #4".'),
  cityFilter: Text(100, 'City name, or its start unless filterExact.'),
  stateFilter: Text(60, 'State or province code or name.'),
  pcFilter: Text(12, 'Postal code, or its start unless filterExact.'),
  countryFilter: Text(60, 'us or ca'),
  verifiedOnly: Type.Optional(Type.Boolean({ description: 'Only addresses verification confirms.' })),
};

const Limit = Type.Optional(
  Type.Integer({ minimum: 1, maximum: MAX_COMPLETIONS, default: DEFAULT_COMPLETIONS }),
);

export const PreviewQuery = Type.Object({
  ...SearchFields,
  filterExact: Type.Optional(Type.Boolean()),
  properCase: Type.Optional(Type.Boolean()),
  provInsteadOfPC: Type.Optional(Type.Boolean()),
  limit: Limit,
});

/** Query of POST: the options, plus (for clients that send them there) the search fields. */
export const ResolveQuery = Type.Object({
  ...SearchFields,
  filterExact: Type.Optional(Type.Boolean()),
  geocode: Type.Optional(Type.Boolean()),
  includeDetails: Type.Optional(Type.Boolean()),
  properCase: Type.Optional(Type.Boolean()),
  verify: Type.Optional(Type.Boolean()),
  index: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_COMPLETIONS - 1 })),
  limit: Limit,
});

/**
 * Body of POST. The official SDK's autocomplete sends its `body_verifiedOnly` parameter under
 * that very name (its query twin goes out as `verifiedOnly`), so the body takes both.
 */
export const ResolveBody = Type.Object({
  ...SearchFields,
  body_verifiedOnly: Type.Optional(Type.Boolean({ description: 'The same as verifiedOnly.' })),
});

const Geocode = Type.Object({
  accuracy: Type.Number(),
  accuracyType: Type.String(),
  location: Type.Object({ lat: Type.Number(), lng: Type.Number() }),
});

/** Spec 2.8. */
export const PreviewSchema = Type.Object({
  preview: Type.Object({
    address: Type.String(),
    city: Type.Optional(Type.String()),
    pc: Type.Optional(Type.String()),
    prov: Type.Optional(Type.String()),
  }),
});

/** Spec 2.7. */
export const CompletedAddressSchema = Type.Object({
  address: Type.Object({
    address: Type.String(),
    address2: Type.Optional(Type.String()),
    city: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()),
    pc: Type.Optional(Type.String()),
    prov: Type.Optional(Type.String()),
  }),
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
  geocodeResult: Type.Optional(Geocode),
});
