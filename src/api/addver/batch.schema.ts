import { Type } from '@sinclair/typebox';
import { AddressInput, VerifiedAddressSchema } from './verification.schema.js';

/** Spec section 8: addresses per batch request. */
export const MAX_BATCH = 2000;

/** An item is bare (a string or an object) or wrapped as `{address: ...}` (the older form); both are accepted. */
export const BatchItem = Type.Union([AddressInput, Type.Object({ address: AddressInput })]);

export const BatchBody = Type.Object({ addresses: Type.Array(BatchItem, { maxItems: MAX_BATCH }) });

export const BatchResult = Type.Object({
  error: Type.Optional(Type.String()),
  verifiedAddress: Type.Optional(VerifiedAddressSchema),
});
