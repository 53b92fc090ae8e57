import {
  type CompletionSource,
  completeAddress,
  previewOf,
} from '../../../engines/address/complete/index.js';

/**
 * Whole addresses for what has been typed of a street, from the autocomplete engine behind
 * GET /v1/addver/completions (previews cost no lookup). Empty until there is a number or a word
 * to search, or when no address points were imported (docs/autocomplete.md).
 */
export async function addressSuggestions(source: CompletionSource, typed: string): Promise<string[]> {
  if (typed.length < 3 || !/[\p{L}\p{N}]/u.test(typed)) return [];
  const completions = await completeAddress(source, {
    partialStreet: typed,
    filter: {},
    limit: 8,
    verifiedOnly: false,
  });
  return completions.map((c) => {
    const p = previewOf(c);
    return `${p.address}, ${p.city} ${c.point.state} ${p.pc ?? ''}`.trim();
  });
}
