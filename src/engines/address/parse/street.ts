/**
 * Stage 8: the part of the line before the city. Finds the house number and decides
 * the layout (number first as in the US, UK, France; number after the street as in
 * Germany, Spain, Latin America), then assigns street, unit, level, PO box and names.
 *
 * The stage is STREET_STAGES read top to bottom; each sub-stage reads and extends one
 * StreetWork. The first three settle a whole window when they fire. The later segments
 * are read by the rule table in later-segments.ts.
 */
import { laterSegments } from './later-segments.js';
import { segmentsOf } from './segments.js';
import type { ParseState } from './state.js';
import { boxOrHouseNumber, boxOrHouseNumberNote, joinBoxAndId } from './street-boxes.js';
import { careOfName } from './street-care-of.js';
import { streetLayout, streetLayoutNote } from './street-layout.js';
import {
  loneNumberBefore,
  numberlessStreet,
  segmentsBeforeStreet,
  streetAfterComplex,
} from './street-locate.js';
import { shipLine, streetAndTown, wholeLineStreet } from './street-whole-line.js';
import type { StreetStage, StreetWork } from './street-work.js';
import { assignUnits } from './units.js';

export const STREET_STAGES: readonly StreetStage[] = [
  // "Lange Groenendaal, Gouda": two plain parts and nothing else.
  { name: 'street and town', run: streetAndTown, final: true },
  // "25 Straße 50", "10 Ave", "CA 72": a street named by a number.
  { name: 'whole-line street', run: wholeLineStreet, final: true },
  // "USS Nimitz (CVN 68) FPO AP 96620".
  { name: 'ship', run: shipLine, final: true },
  // "c/o Bob Lee 1200 E Broadway": the name, and where the street starts.
  { name: 'care-of', run: careOfName },
  // "drawer 368 po box 11407", "Dept 96 0430, 3545 NW 58th": a box or the house number.
  { name: 'box or house number', run: boxOrHouseNumber, note: boxOrHouseNumberNote },
  // "Avenida Paulista, 1578", "Main St": the first segment that reads like a street.
  { name: 'numberless street', run: numberlessStreet },
  // "One Exchange Plaza, 55 Broadway": the street, not the complex.
  { name: 'street after a complex', run: streetAfterComplex },
  // "21, Kingswood Road".
  { name: 'lone number before the street', run: loneNumberBefore },
  // "Suite 4, Acme Inc, 12 Main St": units and names before the street.
  { name: 'segments before the street', run: segmentsBeforeStreet },
  // The street's segment by its layout.
  { name: 'layout', run: streetLayout, note: streetLayoutNote },
  // "..., NW", "..., Suite 100", "..., Los Osos": the rule table.
  { name: 'later segments', run: laterSegments },
  { name: 'house and units', run: houseAndUnits },
];

export function solveStreet(s: ParseState): void {
  const t = s.tokens;
  if (s.end === 0) return;
  const w: StreetWork = {
    s,
    t,
    segs: joinBoxAndId(t, segmentsOf(t, s.end)),
    houseParts: [],
    unitParts: [],
    first: 0,
    next: 0,
    trace: s.trace,
  };
  for (const stage of STREET_STAGES) {
    const at = w.trace?.length ?? 0;
    if (!stage.run(w)) continue;
    w.trace?.splice(at, 0, stage.note ? `${stage.name}: ${stage.note(w)}` : stage.name);
    if (stage.final) return;
  }
}

/** The names gathered become `house`; the unit text becomes unit, level or PO box. */
function houseAndUnits({ s, houseParts, unitParts }: StreetWork): boolean {
  if (houseParts.length) s.detail.fields.house = houseParts.join(', ');
  assignUnits(s, unitParts);
  return houseParts.length > 0 || unitParts.length > 0;
}
