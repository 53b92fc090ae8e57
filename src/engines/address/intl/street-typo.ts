/**
 * A street typed with a slip of the keyboard ("Baker Stret", "Hockenhiemer Straße"): how far
 * it is from a stored street, in edits (optimal string alignment: a swap of two letters is one
 * edit). Used only after the street as typed matched nothing.
 */
import { type KeyRange, prefixRange } from '../complete/index.js';
import { editDistance, startEditDistance, typoBudget } from '../verify/edit-distance.js';
import { bitCount, letterMasks } from '../verify/letter-masks.js';
import { streetKey } from '../verify/reference-point.js';
import { foldName } from './places.js';
import type { IntlPoint } from './point-source.js';
import { premiseKey, streetMatchKey } from './street-line.js';

const letters = (street: string) => foldName(street).replace(/ /g, '');

/**
 * Edits between a typed and a stored street, or undefined beyond the typed name's budget (as the
 * standard verifier's: none below 4 letters, 1 below 8, else 2). Compared with types short
 * ("STR." = "STRASSE") and as written ("STRET" is one edit from "STREET", three from "ST").
 * `open`: the last word is still being typed, so the stored street's start is compared, as
 * written (a type typed short is the start of the long one: "HOCKENHEIMER STR").
 */
export function streetTypoDistance(typed: string, stored: string, open = false): number | undefined {
  const budget = typoBudget(streetMatchKey(typed));
  if (!budget) return undefined;
  const d = open
    ? startEditDistance(letters(typed), letters(stored), budget)
    : Math.min(
        editDistance(streetMatchKey(typed), streetMatchKey(stored), budget),
        editDistance(letters(typed), letters(stored), budget),
      );
  return d <= budget ? d : undefined;
}

/**
 * The one street of `points` a typo away from `typed` that has a point passing `keep` (the
 * typed number, in the typed locality), and those points; undefined when none is, or when two
 * streets are equally near (a guess between them would be a guess).
 */
export function streetByTypo(
  typed: string,
  points: readonly IntlPoint[],
  keep: (p: IntlPoint) => boolean,
): IntlPoint[] | undefined {
  const byStreet = new Map<string, IntlPoint[]>();
  for (const p of points) {
    const key = streetKey(p.street);
    const list = byStreet.get(key);
    if (list) list.push(p);
    else byStreet.set(key, [p]);
  }
  let best: { distance: number; points: IntlPoint[] } | undefined;
  let tied = false;
  for (const [street, list] of byStreet) {
    const distance = streetTypoDistance(typed, street);
    if (distance === undefined || !list.some(keep)) continue;
    if (!best || distance < best.distance) {
      best = { distance, points: list };
      tied = false;
    } else if (distance === best.distance) tied = true;
  }
  return best && !tied ? best.points : undefined;
}

/**
 * Which stored names the typo search compares (undefined: the name is too short for a typo):
 * those starting as typed up to one letter before where the typed text stops being the start
 * of any name (`known`: that length, found by the store). The slip is at that letter (a swap:
 * the one before), unless the typed text happens to start another name further on; and it is
 * taken as never in the first two letters (the rarest slip; the standard autocomplete takes
 * the first letter as typed too). So the read is a short run of names even in a country of
 * millions.
 */
export function typoCandidates(typed: string, known: number): KeyRange | undefined {
  if (!typoBudget(streetMatchKey(typed))) return undefined;
  return prefixRange(typed.slice(0, Math.max(2, known - 1)));
}

/** Every start of `typed` ("B", "BA", "BAK"...): the store says how long a start some name has. */
export const typedStarts = (typed: string): KeyRange[] =>
  Array.from({ length: typed.length }, (_, i) => prefixRange(typed.slice(0, i + 1)));

/** Of names read by their start, those within a typo of `typed` (still being typed), nearest first. */
export function namesNear(typed: string, names: readonly string[], max = 10): string[] {
  const budget = typoBudget(streetMatchKey(typed));
  if (!budget) return [];
  const a = letters(typed);
  const query = letterMasks(a);
  const near: Array<{ name: string; d: number }> = [];
  for (const name of names) {
    const b = letters(name);
    // The start of |a| letters differs from a nearby start by at most `budget` letters: each
    // edit and each of those letters moves at most one mask bit (a few ns against ~1 µs).
    const m = letterMasks(b.slice(0, a.length));
    if (bitCount(m.once ^ query.once) + bitCount(m.twice ^ query.twice) > 3 * budget) continue;
    const d = startEditDistance(a, b, budget);
    if (d <= budget) near.push({ name, d });
  }
  return near
    .sort((x, y) => x.d - y.d)
    .slice(0, max)
    .map((n) => n.name);
}

/** The points on the street(s) nearest `typed` (a name nearer in another country is not among them). */
export function onNearestStreets(typed: string, points: readonly IntlPoint[]): IntlPoint[] {
  const distance = new Map<string, number>();
  for (const p of points) {
    const key = streetKey(p.street);
    if (!distance.has(key))
      distance.set(key, streetTypoDistance(typed, key, true) ?? Number.POSITIVE_INFINITY);
  }
  const best = Math.min(...distance.values());
  return points.filter((p) => distance.get(streetKey(p.street)) === best);
}

/** The same premise number ("43 a" = "43A"). */
export const sameNumber = (a: string, b: string) => premiseKey(a) === premiseKey(b);
