/**
 * The address engine's public surface. Pure code: no HTTP, no SQL, no environment.
 * The HTTP layer and verification call only what is exported here.
 */
export { explainParse, parseAddress, parseAddressDetail, type StageTrace } from './parse/parser.js';
export type {
  CountryRecord,
  DistrictMatch,
  FsaRecord,
  PostcodeFormat,
  Province,
  Region,
  UsState,
  ZipRecord,
} from './reference/index.js';
export { reference } from './reference/index.js';
export { properCase } from './standardize/proper-case.js';
export {
  type StandardizeOptions,
  type StandardStreet,
  standardDirection,
  standardizeParts,
  standardizeStreetLine,
  standardStreetType,
} from './standardize/street-line.js';
export { standardizeStreetName, streetKey } from './standardize/street-name.js';
export type { ParsedAddress, ParsedAddressDetail, SpecialDelivery, StreetParts, UnitParts } from './types.js';
export { PARSED_ADDRESS_FIELDS } from './types.js';
