/**
 * Delivery forms that replace a street: PO boxes, rural routes, highway contracts,
 * military PSC/CMR/UNIT boxes, general delivery (USPS Publication 28 sections 28-29).
 */

import {
  BOX_WORDS,
  CODED_BOX_WORDS,
  ROUTE_BOX_WORDS,
  ROUTE_FILLERS,
  ROUTE_WORDS,
  RURAL_ROUTE_WORDS,
} from '../tables/delivery-words.js';
import type { SpecialDelivery } from '../types.js';
import type { Classified } from './classify.js';

export interface SpecialMatch {
  start: number;
  end: number;
  special: SpecialDelivery;
}

/** "RR2 BOX 348", "HC3": the route number written onto the keyword. */
const GLUED_ROUTE = /^(RR|RFD|HCR|HC)(\d+)$/;

function wordsAt(t: Classified[], i: number, hi: number, words: readonly string[]): boolean {
  if (i + words.length > hi) return false;
  for (let k = 0; k < words.length; k++) if (t[i + k].key !== words[k]) return false;
  return true;
}

/** An id after a keyword, skipping a "#" ("Box # 209"). Returns [id index, next index] or undefined. */
function idAt(t: Classified[], i: number, hi: number): [number, number] | undefined {
  let k = i;
  if (k < hi && (t[k].key === '#' || t[k].key === 'NO')) k++;
  if (k < hi && t[k].hasDigit) return [k, k + 1];
  return undefined;
}

/** "PO Box X": a letter id is accepted after an unambiguous multi-word keyword. */
function letterIdAt(t: Classified[], i: number, hi: number, allowed: boolean): [number, number] | undefined {
  return allowed && i < hi && t[i].letter && i + 1 === hi ? [i, i + 1] : undefined;
}

function codedIdAt(
  t: Classified[],
  i: number,
  hi: number,
  words: readonly string[],
): [number, number] | undefined {
  if (words.length !== 1 || !CODED_BOX_WORDS.has(words[0]) || i + 1 >= hi) return undefined;
  const code = t[i];
  if (code.hasDigit || code.unit || code.dir || !/^[A-Z]{1,3}$/.test(code.key) || !t[i + 1].num)
    return undefined;
  return [i + 1, i + 2];
}

/**
 * The box after a route number: "BOX 12", "PO BOX 12", "Box # 45", "BOX 103 A" (a letter
 * suffix of the box), or a bare "BOX" closing the segment ("RR 422 Box"). Returns the box
 * id ('' when none) and where the box ends.
 */
function boxAfter(t: Classified[], i: number, hi: number): [string, number] | undefined {
  const words = ROUTE_BOX_WORDS.find((w) => wordsAt(t, i, hi, w));
  if (!words) return undefined;
  const k = i + words.length;
  if (k === hi) return ['', k];
  const id = idAt(t, k, hi);
  if (!id) return undefined;
  let end = id[1];
  const after = t[end];
  if (end < hi && after.letter && !after.dir && /^\d+$/.test(t[id[0]].key)) end++;
  return [t[id[0]].key, end];
}

/**
 * The delivery form starting at token i, if any. `loneBox`: the caller knows a box may
 * start here inside a segment - after a reference id ("department 1480 box 4110") or
 * closing a street ("961 North A1A Box 158").
 */
export function matchSpecial(
  t: Classified[],
  i: number,
  hi: number,
  loneBox = false,
): SpecialMatch | undefined {
  const named = namedRouteBox(t, i, hi);
  if (named) return named;
  for (const words of BOX_WORDS) {
    if (!wordsAt(t, i, hi, words)) continue;
    // "BOX 12" alone only opens a segment; inside a street it is a unit-like word.
    const single = words.length === 1 && (words[0] === 'BOX' || words[0] === 'PO' || words[0] === 'CP');
    if (single && !loneBox && i > 0 && t[i - 1].seg === t[i].seg) continue;
    const id =
      idAt(t, i + words.length, hi) ??
      letterIdAt(t, i + words.length, hi, words.length > 1) ??
      codedIdAt(t, i + words.length, hi, words);
    if (!id) continue;
    const coded = id[0] > i + words.length && t[id[0] - 1].key !== '#' && t[id[0] - 1].key !== 'NO';
    const boxId = coded ? `${t[id[0] - 1].key} ${t[id[0]].key}` : t[id[0]].key;
    return { start: i, end: id[1], special: { kind: 'poBox', id: boxId } };
  }
  const glued = GLUED_ROUTE.exec(t[i]?.key ?? '');
  if (glued) {
    const box = boxAfter(t, i + 1, hi);
    const kind = glued[1] === 'RR' || glued[1] === 'RFD' ? 'ruralRoute' : 'highwayContract';
    return { start: i, end: box ? box[1] : i + 1, special: routeSpecial(kind, glued[2], box) };
  }
  if (RURAL_ROUTE_WORDS.has(t[i]?.key ?? '') && (i === 0 || t[i - 1].seg !== t[i].seg)) {
    const id = idAt(t, i + 1, hi);
    const box = id ? boxAfter(t, id[1], hi) : undefined;
    if (id && box) return { start: i, end: box[1], special: routeSpecial('ruralRoute', t[id[0]].key, box) };
    // "Route 313 RR 313 Box": the route written twice, the second time as RR with its box.
    const again = id && matchSpecial(t, id[1], hi);
    if (again && again.special.kind === 'ruralRoute' && again.special.route === t[id[0]].key)
      return { start: i, end: again.end, special: again.special };
  }
  for (const [words, kind] of ROUTE_WORDS) {
    if (!wordsAt(t, i, hi, words)) continue;
    let k = i + words.length;
    if (kind === 'highwayContract' && k < hi && ROUTE_FILLERS.has(t[k].key)) k++;
    const id = idAt(t, k, hi);
    if (!id) continue;
    const box = boxAfter(t, id[1], hi);
    return { start: i, end: box ? box[1] : id[1], special: routeSpecial(kind, t[id[0]].key, box) };
  }
  const key = t[i]?.key;
  if (key === 'PSC' || key === 'CMR' || key === 'UNIT') {
    const id = idAt(t, i + 1, hi);
    const box = id ? boxAfter(t, id[1], hi) : undefined;
    if (box && !box[0]) return undefined;
    if (id && (box || key !== 'UNIT')) {
      return {
        start: i,
        end: box ? box[1] : id[1],
        special: { kind: 'military', designator: key, unit: t[id[0]].key, ...(box ? { box: box[0] } : {}) },
      };
    }
  }
  if (wordsAt(t, i, hi, ['GENERAL', 'DELIVERY'])) {
    return { start: i, end: i + 2, special: { kind: 'generalDelivery' } };
  }
  return undefined;
}

/**
 * "South Route Box South # 7": a rural route named by a direction, its box and the box's
 * number (the direction may be repeated before it).
 */
function namedRouteBox(t: Classified[], i: number, hi: number): SpecialMatch | undefined {
  if (!t[i]?.dir || !wordsAt(t, i + 1, hi, ['ROUTE', 'BOX'])) return undefined;
  let k = i + 3;
  if (k < hi && t[k].dir) k++;
  const id = idAt(t, k, hi);
  if (!id) return undefined;
  return { start: i, end: id[1], special: { kind: 'ruralRoute', route: t[i].key, box: t[id[0]].key } };
}

function routeSpecial(
  kind: 'ruralRoute' | 'highwayContract',
  route: string,
  box: [string, number] | undefined,
): SpecialDelivery {
  return { kind, route, ...(box?.[0] ? { box: box[0] } : {}) };
}
