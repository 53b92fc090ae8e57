/** Verification's public surface: the HTTP layer, the CLI and contacts use only this. */
import type { CandidateSource } from './candidate-source.js';
import type { VerifyInput, VerifyOptions } from './input.js';
import { present, type VerifiedAddress } from './present.js';
import { suggestAddresses } from './suggest.js';
import { verifyAddress } from './verify.js';

export type { CandidateSource, Coverage } from './candidate-source.js';
export { type ErrorsObject, errorsAsText } from './findings.js';
export type { StructuredInput, VerifyInput, VerifyOptions } from './input.js';
export { MemorySource } from './memory-source.js';
export type { VerifiedAddress } from './present.js';
export type { Verification } from './verification.js';
export { verifyAddress };

export interface AddressVerifier {
  verify(input: VerifyInput, options?: VerifyOptions): Promise<VerifiedAddress>;
  suggest(input: VerifyInput, options?: VerifyOptions): Promise<VerifiedAddress[]>;
}

export function createVerifier(source: CandidateSource): AddressVerifier {
  return {
    verify: async (input, options) => present(await verifyAddress(source, input), options),
    suggest: async (input, options) =>
      (await suggestAddresses(source, input)).map((v) => present(v, options)),
  };
}
