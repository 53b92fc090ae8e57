import type { VerifyInput } from '../../engines/address/verify/index.js';
import { ApiError, invalid } from '../../platform/errors.js';
import { MAX_BATCH } from './batch.schema.js';
import { checkAddressShape, toVerifyInput } from './verification-input.js';

type Item = string | Record<string, unknown>;

const unwrap = (item: Item): unknown =>
  typeof item === 'object' && item !== null && 'address' in item ? item.address : item;

/** Whole-request problems (not an array, too many, an item of the wrong type): a 400 before anything is charged. */
export function checkBatchShape(body: unknown): void {
  const addresses = (body as { addresses?: unknown } | undefined)?.addresses;
  if (addresses === undefined) return; // the schema reports the missing field
  if (!Array.isArray(addresses)) throw invalid('addresses', 'must be an array of addresses.');
  if (addresses.length > MAX_BATCH)
    throw invalid(
      'addresses',
      `has ${addresses.length} items; at most ${MAX_BATCH} are accepted per request.`,
    );
  for (const [i, item] of addresses.entries()) checkAddressShape(unwrap(item as Item), `addresses[${i}]`);
}

/** Each item as verification input, or the error that item alone gets (missing line1, a country we do not cover). */
export function batchInputs(items: unknown[]): Array<{ input: VerifyInput } | { error: string }> {
  return items.map((item, i) => {
    try {
      return {
        input: toVerifyInput(unwrap(item as Item) as string | Record<string, string>, `addresses[${i}]`),
      };
    } catch (err) {
      if (err instanceof ApiError) return { error: err.message };
      throw err;
    }
  });
}
