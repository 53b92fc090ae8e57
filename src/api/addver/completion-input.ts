import {
  areaFilter,
  type CompletionRequest,
  isFilterProblem,
  type TypedFilters,
} from '../../engines/address/complete/index.js';
import { invalid } from '../../platform/errors.js';
import { DEFAULT_COMPLETIONS } from './completions.schema.js';

export interface CompletionParams extends TypedFilters {
  partialStreet?: string;
  verifiedOnly?: boolean;
  limit?: number;
}

/** A request's search and filters -> the engine's request; a 400 naming the field when one cannot be used. */
export function completionRequest(params: CompletionParams, minLimit = 0): CompletionRequest {
  const partialStreet = params.partialStreet;
  if (partialStreet === undefined) throw invalid('partialStreet', 'is required.');
  if (!/[\p{L}\p{N}]/u.test(partialStreet))
    throw invalid('partialStreet', 'must contain the start of a house number or street name.');
  const filter = areaFilter(params);
  if (isFilterProblem(filter)) throw invalid(filter.field, filter.problem);
  return {
    partialStreet,
    filter,
    limit: Math.max(params.limit ?? DEFAULT_COMPLETIONS, minLimit),
    verifiedOnly: !!params.verifiedOnly,
  };
}

/** POST takes the search fields in the body (the spec) or the query (some clients); the body wins. */
export function mergedParams(
  query: CompletionParams,
  body: (CompletionParams & { body_verifiedOnly?: boolean }) | undefined,
): CompletionParams {
  const { body_verifiedOnly, ...fields } = body ?? {};
  const merged: CompletionParams = { ...query };
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined && v !== null) Object.assign(merged, { [k]: v });
  // `verifiedOnly` is a query option and a body field (the SDK's `body_verifiedOnly`): any asks for it.
  merged.verifiedOnly = !!(query.verifiedOnly || fields.verifiedOnly || body_verifiedOnly);
  return merged;
}
