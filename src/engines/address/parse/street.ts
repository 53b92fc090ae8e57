/**
 * Stage 8: the part of the line before the city. Finds the house number and decides
 * the layout (number first as in the US, UK, France; number after the street as in
 * Germany, Spain, Latin America), then assigns street, unit, level, PO box and names.
 *
 * The stage is STREET_STAGES, read top to bottom; each sub-stage reads and extends one
 * StreetWork (street-work.ts), and `postroom parse --explain` lists those that fired:
 *
 *   street and town                "Lange Groenendaal, Gouda": the whole window
 *   whole-line street              "10 Ave", "CA 72", "25 Straße 50": the whole window
 *   ship                           "USS Nimitz (CVN 68) FPO AP 96620": the whole window
 *   care-of                        "c/o Bob Lee 1200 E Broadway": the name, where the street starts
 *   box or house number            "drawer 368 po box 11407", "1800 M Street": whichever comes first
 *   numberless street              "Union Station", "Avenida Paulista, 1578"
 *   street after a complex         "One Exchange Plaza, 55 Broadway"
 *   lone number before the street  "21, Kingswood Road"
 *   segments before the street     "Suite 4, Acme Inc, 12 Main St": units, suites, names
 *   layout                         number first, number after, number in the next segment, none
 *   later segments                 the rule table LATER_SEGMENT_RULES (later-segments.ts)
 *   house and units                the names -> house; unit text -> unit, level, PO box
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
  { name: 'street and town', run: streetAndTown, final: true },
  { name: 'whole-line street', run: wholeLineStreet, final: true },
  { name: 'ship', run: shipLine, final: true },
  { name: 'care-of', run: careOfName },
  { name: 'box or house number', run: boxOrHouseNumber, note: boxOrHouseNumberNote },
  { name: 'numberless street', run: numberlessStreet },
  { name: 'street after a complex', run: streetAfterComplex },
  { name: 'lone number before the street', run: loneNumberBefore },
  { name: 'segments before the street', run: segmentsBeforeStreet },
  { name: 'layout', run: streetLayout, note: streetLayoutNote },
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
