/** Verification's public surface: the HTTP layer, the CLI and contacts use only this. */
import type { GeographySource } from '../geography/layers.js';
import { reference } from '../index.js';
import type { CandidateSource } from './candidate-source.js';
import { placeVerification } from './geographies.js';
import type { VerifyInput, VerifyOptions } from './input.js';
import { present, type VerifiedAddress } from './present.js';
import { suggestAddresses } from './suggest.js';
import type { Verification } from './verification.js';
import { verifyAddress } from './verify.js';
import { zipHint } from './zip-hint.js';

export { US_ADDRESS_FIELDS } from './address-fields.js';
export type { CandidateSource, Coverage } from './candidate-source.js';
export { RANGE_MARKER, US_BOOLEAN_DETAILS, US_DETAIL_FIELDS } from './detail-fields.js';
export { type ErrorsObject, errorsAsText } from './findings.js';
export type { StructuredInput, VerifyInput, VerifyOptions } from './input.js';
export { MemorySource } from './memory-source.js';
export type { VerifiedAddress } from './present.js';
export type { Verification } from './verification.js';
export { verifyAddress };

export interface AddressVerifier {
  verify(input: VerifyInput, options?: VerifyOptions): Promise<VerifiedAddress>;
  /** Many inputs, answers in input order: their ZIP blocks are read ahead together. */
  verifyMany(inputs: VerifyInput[], options?: VerifyOptions): Promise<VerifiedAddress[]>;
  suggest(input: VerifyInput, options?: VerifyOptions): Promise<VerifiedAddress[]>;
  /**
   * Builds the reference indexes (ZIPs, towns, districts: ~1.5 s of CPU) and loads the
   * coverage now, so the first requests after start do not block the event loop for it.
   */
  warm(): Promise<void>;
}

/** CPU time a batch may hold the event loop before letting other requests in. */
const SLICE_MS = 5;

export interface VerifierExtras {
  /** Imported census boundaries: details get the census and legislative fields (geographies.ts). */
  geographies?: GeographySource;
}

export function createVerifier(source: CandidateSource, extras: VerifierExtras = {}): AddressVerifier {
  const { geographies } = extras;
  /** present(), plus the census fields when details are asked for; a promise only when layers must be read. */
  const answer = (v: Verification, options?: VerifyOptions): VerifiedAddress | Promise<VerifiedAddress> => {
    const placed = geographies && options?.includeDetails ? placeVerification(geographies, v) : undefined;
    if (placed instanceof Promise) return placed.then((areas) => present(v, options, areas));
    return present(v, options, placed);
  };
  const verify = async (input: VerifyInput, options?: VerifyOptions) =>
    answer(await verifyAddress(source, input), options);
  return {
    verify,
    async verifyMany(inputs, options) {
      await source.prefetch?.(inputs.flatMap((input) => zipHint(input) ?? []));
      const out: VerifiedAddress[] = [];
      let sliceStart = performance.now();
      for (const input of inputs) {
        out.push(await verify(input, options));
        // Warm verifications never wait on I/O, so a batch would otherwise hold the loop
        // for its whole run and every single request behind it would wait too.
        if (performance.now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
      return out;
    },
    suggest: async (input, options) =>
      Promise.all((await suggestAddresses(source, input)).map((v) => answer(v, options))),
    async warm() {
      reference.warm();
      await source.coverage();
      await geographies?.warm?.();
    },
  };
}
