import { reference } from '../reference/index.js';
import { numberKey, type ReferencePoint, streetKey, unitKey } from '../verify/reference-point.js';
import { streetCost } from './match-street.js';
import type { PartialStreet } from './partial-street.js';
import type { Candidate } from './range-numbers.js';

/**
 * One completion: a reference point (`point`), a number a street range holds (`range`: the
 * street and the number's place on it, not a building, as verification's range match), or a
 * street the typed number was not found on (`street`: which verification cannot confirm).
 */
export interface Completion {
  kind: 'point' | 'range' | 'street';
  /** Street line as verification writes it: "500 W MAIN ST STE 100". */
  line: string;
  number: string;
  /**
   * The point (for `range`, the number placed along its range's segment; for `street`, a point
   * of that street in that ZIP: its area, not its position).
   */
  point: ReferencePoint;
  /** The mailing city: the ZIP's preferred city where the bundled table knows the ZIP. */
  city: string;
  country: 'US' | 'CA';
  cost: number;
}

/** A street offered with a number it does not have ranks after every real address. */
const STREET_LEVEL = 50;
/** A number a range holds ranks after a point of the same fit, before any worse fit. */
const RANGE_LEVEL = 0.5;
/** Leading digits of a house number, for numeric order (9 before 10). */
const leadingNumber = (n: string) => Number.parseInt(n, 10) || 0;

export interface RankOptions {
  /** ZIP -> points it holds: among equal matches, busier localities first. */
  prominence?: (zip: string) => number;
  /** Only addresses verification would confirm (reference points). */
  verifiedOnly?: boolean;
}

/**
 * Scores each candidate against every reading of the input, keeps the best fit of each
 * distinct address, and orders them: match quality, then locality (a locality typed after a
 * comma, then the busier ZIP), then a stable order so a preview's index means the same
 * address when it is resolved.
 */
export function rankCandidates(
  typed: PartialStreet,
  candidates: readonly Candidate[],
  options: RankOptions = {},
): Completion[] {
  const best = new Map<string, Completion>();
  const keep = (c: Completion) => {
    const key = `${c.line}|${c.point.zip}`;
    const seen = best.get(key);
    if (!seen || c.cost < seen.cost || (c.cost === seen.cost && KIND_ORDER[c.kind] < KIND_ORDER[seen.kind]))
      best.set(key, c);
  };
  for (const point of candidates) {
    const street = bestStreetCost(typed, point);
    if (street === undefined) continue;
    const number = numberFit(typed, point);
    if (number !== undefined)
      keep(
        point.range
          ? completion('range', point, point.number, street + number + RANGE_LEVEL)
          : completion('point', point, point.number, street + number),
      );
    // A number a range holds is one verification confirms; a range never offers a street alone.
    else if (!point.range && !options.verifiedOnly && typed.number && !typed.number.partial)
      keep(completion('street', point, typed.number.text, street + STREET_LEVEL));
  }
  // A street-level entry is dropped when that street and ZIP has the number (say, as units).
  const real = new Set(
    [...best.values()].filter((c) => c.kind !== 'street').map((c) => buildingKey(c.number, c.point)),
  );
  const list = oneNamePerRangeNumber(
    [...best.values()].filter((c) => c.kind !== 'street' || !real.has(buildingKey(c.number, c.point))),
  );
  const weight = options.prominence ?? (() => 0);
  const hint = typed.locality;
  const sortKey = (c: Completion) => ({
    hintMiss: hint && !localityFits(c, hint) ? 1 : 0,
    weight: weight(c.point.zip),
    street: streetKey(c.point.street),
  });
  const keys = new Map(list.map((c) => [c, sortKey(c)]));
  return list.sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    return (
      a.cost - b.cost ||
      ka.hintMiss - kb.hintMiss ||
      kb.weight - ka.weight ||
      compare(a.city, b.city) ||
      compare(a.point.zip, b.point.zip) ||
      compare(ka.street, kb.street) ||
      leadingNumber(a.number) - leadingNumber(b.number) ||
      compare(a.number, b.number) ||
      compareUnits(a, b)
    );
  });
}

const KIND_ORDER: Record<Completion['kind'], number> = { point: 0, range: 1, street: 2 };

/**
 * A range number read under its primary and an alternate name is one address: it is offered once,
 * under the name that fits what was typed best (of equal fit, the primary name).
 */
function oneNamePerRangeNumber(list: Completion[]): Completion[] {
  const chosen = new Map<string, Completion>();
  for (const c of list) {
    const p = c.point as Candidate;
    if (!p.range) continue;
    const r = p.range;
    const key = `${numberKey(c.number)}|${streetKey(p.primary ?? p.street)}|${r.zip}|${r.side}|${r.prefix}|${r.from}|${r.to}`;
    const seen = chosen.get(key);
    const better = !seen || c.cost < seen.cost || (c.cost === seen.cost && !p.primary);
    if (better) chosen.set(key, c);
  }
  if (!chosen.size) return list;
  const kept = new Set(chosen.values());
  return list.filter((c) => !(c.point as Candidate).range || kept.has(c));
}

const buildingKey = (number: string, p: ReferencePoint) =>
  `${numberKey(number)}|${streetKey(p.street)}|${p.zip}`;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** No unit first, then unit ids in numeric-then-text order (2 before 10). */
function compareUnits(a: Completion, b: Completion): number {
  const ua = a.kind === 'point' ? unitKey(a.point.unitId) : '';
  const ub = b.kind === 'point' ? unitKey(b.point.unitId) : '';
  if (!ua || !ub) return (ua ? 1 : 0) - (ub ? 1 : 0);
  return leadingNumber(ua) - leadingNumber(ub) || compare(ua, ub);
}

function bestStreetCost(typed: PartialStreet, point: ReferencePoint): number | undefined {
  if (!typed.readings.length) return 0;
  let best: number | undefined;
  for (const reading of typed.readings) {
    const cost = streetCost(reading, point);
    if (cost !== undefined && (best === undefined || cost < best)) best = cost;
  }
  return best;
}

/** 0 for the typed number, 2 for a number that starts as typed (still typing), else no fit. */
function numberFit(typed: PartialStreet, point: ReferencePoint): number | undefined {
  if (!typed.number) return 0;
  const want = numberKey(typed.number.text);
  const have = numberKey(point.number);
  if (have === want) return 0;
  return typed.number.partial && have.startsWith(want) ? 2 : undefined;
}

function localityFits(c: Completion, hint: string): boolean {
  const words = hint.split(' ');
  return words.some(
    (w) =>
      c.city.startsWith(w) || c.point.city.startsWith(w) || w === c.point.state || c.point.zip.startsWith(w),
  );
}

function completion(
  kind: Completion['kind'],
  point: ReferencePoint,
  number: string,
  cost: number,
): Completion {
  const unit =
    kind === 'point' && (point.unitDesignator || point.unitId)
      ? [point.unitDesignator ?? '#', point.unitId].filter(Boolean).join(' ')
      : '';
  const country = reference.stateByNameOrCode(point.state)?.country ?? 'US';
  const zipCity = country === 'US' ? reference.zip(point.zip)?.city.toUpperCase() : undefined;
  return {
    kind,
    line: [number, streetKey(point.street), unit].filter(Boolean).join(' '),
    number,
    point,
    city: zipCity ?? point.city,
    country,
    cost,
  };
}
