/** International verification and completion: the engine's public surface (pure: no HTTP, no SQL). */
import { countryIndex } from '../reference/countries.js';
import { placesByCountry } from './places.js';
import { warmRegions } from './regions.js';

export { type AddressRow, INTL_ADDRESS_FIELDS } from './address-fields.js';
export { countryRule } from './country-rules.js';
export { type FieldRow, type FieldSource, INTL_DETAIL_FIELDS } from './detail-fields.js';
export { formatLines } from './format.js';
export { type IntlPoint, type IntlPointSource, MemoryIntlSource } from './point-source.js';
export { checkPostcode, postcodeKey } from './postcode.js';
export { freeformNamesCountry, type IntlInput, type IntlStructured } from './read-input.js';
export { premiseKey, streetMatchKey } from './street-line.js';
export type { IntlDetails, IntlVerifiedAddress, IntlVerifyOptions } from './types.js';
export { verifyIntl } from './verify.js';

/** Builds the gazetteer and region indexes now (servers call it at start). */
export function warmIntl(): void {
  countryIndex();
  placesByCountry();
  warmRegions();
}
export { completionOf, INTL_COMPLETION_FIELDS, type IntlCompletion } from './completion.js';
export {
  addressPreview,
  type Building,
  buildingOf,
  type IntlPreview,
  type PreviewOptions,
  pointIdOf,
  previewsOf,
  standardPointOf,
  standardPreview,
} from './previews.js';
export { type IntlPrefixPlan, intlNamedPlan, intlPrefixPlan } from './street-prefix.js';
export {
  namesNear,
  onNearestStreets,
  streetTypoDistance,
  typedStarts,
  typoCandidates,
} from './street-typo.js';
