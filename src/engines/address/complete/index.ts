/** Autocomplete's public surface: the HTTP layer and the store use only this. */

export { areaFilter, type FilterProblem, isFilterProblem, type TypedFilters } from './area-filter.js';
export { type AreaRow, zipsInScope } from './area-scope.js';
export {
  type AreaFilter,
  type CompletionRequest,
  type CompletionSource,
  completeAddress,
  type FallbackPlan,
  type FallbackRead,
  rowsFor,
} from './complete.js';
export { MemoryCompletions } from './memory-completions.js';
export { type PartialStreet, readPartialStreet } from './partial-street.js';
export {
  type CompletedAddress,
  type CompletionPreview,
  completedOf,
  type PresentOptions,
  previewOf,
} from './present.js';
export {
  type Candidate,
  MAX_RANGE_VALUE,
  numbersInRange,
  type RangeSide,
  type RangeWant,
  rangeCandidates,
  rangeWant,
} from './range-numbers.js';
export { type Completion, rankCandidates } from './rank.js';
export { exactRange, type KeyRange, prefixRange, type SearchPlan, searchPlan } from './search-plan.js';
export { fallbackStreets, StreetNameIndex, type StreetNameRow, trigrams } from './street-names.js';
