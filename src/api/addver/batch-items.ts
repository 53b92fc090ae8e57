import { type ErrorsObject, errorsAsText, type VerifyInput } from '../../engines/address/verify/index.js';
import { ApiError, invalid } from '../../platform/errors.js';
import { MAX_BATCH } from './batch.schema.js';
import { checkAddressShape, toVerifyInput } from './verification-input.js';

type Item = string | Record<string, unknown>;

const unwrap = (item: Item): unknown =>
  typeof item === 'object' && item !== null && 'address' in item ? item.address : item;

/** The errors of items that could not be read (by index), kept until the handler answers them. */
const unreadable = new WeakMap<unknown[], Map<number, string>>();

/**
 * Whole-request problems (not an array, too many) are a 400 before anything is charged. An
 * item of the wrong shape (a number, null, an object without `line1` or with a non-string
 * field) fails alone: it is set aside with its error, and an empty string stands in for it so
 * the schema (which would coerce 5 into "5") passes the rest of the batch.
 */
export function checkBatchShape(body: unknown): void {
  const addresses = (body as { addresses?: unknown } | undefined)?.addresses;
  if (addresses === undefined) return; // the schema reports the missing field
  if (!Array.isArray(addresses)) throw invalid('addresses', 'must be an array of addresses.');
  if (addresses.length > MAX_BATCH)
    throw invalid(
      'addresses',
      `has ${addresses.length} items; at most ${MAX_BATCH} are accepted per request.`,
    );
  const errors = new Map<number, string>();
  for (const [i, item] of addresses.entries()) {
    try {
      checkAddressShape(unwrap(item as Item), `addresses[${i}]`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      errors.set(i, err.message);
      addresses[i] = '';
    }
  }
  if (errors.size) unreadable.set(addresses, errors);
}

/** Each item as verification input, or the error that item alone gets (wrong shape, missing line1, a country we do not cover). */
export function batchInputs(items: unknown[]): Array<{ input: VerifyInput } | { error: string }> {
  const setAside = unreadable.get(items);
  return items.map((item, i) => {
    const error = setAside?.get(i);
    if (error) return { error };
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

/**
 * One batch result as the address verification document has it (§4.1, §7.3): an address that
 * could not be verified carries `error`, in the words of its `errors`, and no
 * `verifiedAddress`; every other one its verified address. Both batches, standard and
 * international, answer through this.
 */
export function batchResult<V extends { status?: string; errors?: ErrorsObject }>(
  verified: V,
): { verifiedAddress: V } | { error: string } {
  if (verified.status !== 'failed') return { verifiedAddress: verified };
  return { error: errorsAsText(verified.errors ?? {}) || 'The address could not be verified.' };
}
