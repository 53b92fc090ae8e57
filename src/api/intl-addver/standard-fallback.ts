import {
  areaFilter,
  type Completion,
  completeAddress,
  isFilterProblem,
} from '../../engines/address/complete/index.js';
import { type IntlPreview, type PreviewOptions, standardPreview } from '../../engines/address/intl/index.js';
import type { AppDeps } from '../deps.js';

/** What GET /intl_addver/completions hands the standard engine. */
export interface FallbackQuery {
  partialStreet: string;
  countries?: string[];
  cityFilter?: string;
  postalOrZipFilter?: string;
}

/**
 * `standardFallback=true`: previews from the standard (US and Canadian) autocomplete, after
 * the international ones, up to `limit`. The standard engine reads US and Canadian streets as
 * the standard API does (Main Street typed finds MAIN ST; a typo or a number the street has
 * no point for still finds the street), which the international prefix read does not. Only
 * for the countries the filter allows (both when there is none), and never a preview twice.
 */
export async function standardFallbackPreviews(
  deps: Pick<AppDeps, 'completions'>,
  q: FallbackQuery,
  have: readonly IntlPreview[],
  limit: number,
  options: PreviewOptions,
): Promise<IntlPreview[]> {
  const countries = (q.countries ?? ['US', 'CA']).filter((c) => c === 'US' || c === 'CA');
  const seen = new Set(have.map((p) => `${p.text}|${p.description}`));
  const out: IntlPreview[] = [];
  for (const country of countries) {
    if (have.length + out.length >= limit) break;
    const filter = areaFilter({
      countryFilter: country,
      ...(q.cityFilter?.trim() ? { cityFilter: q.cityFilter } : {}),
      ...(q.postalOrZipFilter?.trim() ? { pcFilter: q.postalOrZipFilter } : {}),
    });
    // A filter the standard engine cannot apply (a postal code of the other country) finds nothing there.
    if (isFilterProblem(filter)) continue;
    for (const c of await completeAddress(deps.completions, {
      partialStreet: q.partialStreet,
      filter,
      limit,
    })) {
      const preview = previewOf(c, q.partialStreet, options);
      const key = `${preview.text}|${preview.description}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(preview);
    }
  }
  return out.slice(0, Math.max(0, limit - have.length));
}

function previewOf(c: Completion, typed: string, options: PreviewOptions): IntlPreview {
  const point = { ...c.point, number: c.number, city: c.city, country: c.country, id: '' };
  return standardPreview(point, c.line, typed, options);
}
