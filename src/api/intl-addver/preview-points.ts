import type { Queryable } from '../../db/pool.js';
import {
  type IntlPoint,
  intlNamedPlan,
  intlPrefixPlan,
  namesNear,
  onNearestStreets,
  typedStarts,
  typoCandidates,
} from '../../engines/address/intl/index.js';
import {
  intlPointsByStreetPrefix,
  longestNameStart,
  type PreviewFilter,
  streetNamesIn,
} from '../../reference-store/intl-points.repo.js';

/** Names compared by the typo search at most (a run of the name list's btree). */
const CANDIDATE_NAMES = 2000;

/** "10 downing st" -> number "10", street "DOWNING ST"; "downing" -> street only. */
export function typedStreet(partial: string): { number?: string; street: string } {
  const text = partial.toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  const m = /^(\d+[A-Z]?(?:[-/]\d+[A-Z]?)*)(?:\s+(.*))?$/.exec(text);
  return m ? { number: m[1], street: m[2] ?? '' } : { street: text };
}

/**
 * The points behind a keystroke's previews: those whose street line starts as typed; when
 * none does, those on the street(s) a typo or two away ("BAKER STRET"), with the typed number
 * exactly and inside the same filters (a typo never changes the number or the place). The
 * names compared are a bounded run of the name list: those starting as typed up to shortly
 * before the typed text stops being the start of any name.
 */
export async function previewPoints(
  db: Queryable,
  partial: string,
  filter: PreviewFilter,
  rows: number,
): Promise<IntlPoint[]> {
  const { number, street } = typedStreet(partial);
  const points = await intlPointsByStreetPrefix(db, intlPrefixPlan(number, street), filter, rows);
  if (points.length || !street) return points;
  const known = await longestNameStart(db, typedStarts(street));
  const candidates = typoCandidates(street, known);
  if (!candidates) return [];
  const names = namesNear(street, await streetNamesIn(db, candidates, CANDIDATE_NAMES));
  if (!names.length) return [];
  const near = await intlPointsByStreetPrefix(db, intlNamedPlan(number, names), filter, rows);
  return onNearestStreets(street, near);
}
