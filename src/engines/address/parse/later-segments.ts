/**
 * Street sub-stage: the segments after the street, one at a time. Each is read by the
 * first rule of LATER_SEGMENT_RULES that applies to it, in the table's order:
 *
 *   directional after the street    "1800 M Street, NW"
 *   care-of name                    "..., c/o Boa Lockbox 402605"
 *   town after the street           "1085 Santa Paula Avenue, Los Osos"
 *   district abroad                 "Bow St, Covent Garden, London"
 *   letter of a unit                "..., Unit K, L"
 *   name after the street           "..., Mizzou North", "..., Kingston Building"
 *   road of a box                   "Box 44, Rt 2"
 *   box of a rural route            "RR 4, Box 164 A"
 *   unit                            "..., Suite 100", "..., Substation # 1"
 *   numbered complex                "..., 1 Piedmont Ctr.", "..., 500 North Breakers"
 *   numbered building of a complex  "..., Suite 700, Overlook 1"
 *   unit, then a building name      "..., Ste 110 Burns Prof. Blg."
 *   name, then a unit               "..., Tower Place Ste 1685"
 *   name                            anything else
 */
import { isBuildingWord, isComplexType } from '../tables/building-words.js';
import { CARE_OF } from '../tables/delivery-words.js';
import { isBuildingName } from './buildings.js';
import type { Classified } from './classify.js';
import {
  abroad,
  boxClosing,
  isRoute,
  numberedBuilding,
  numberedName,
  routeWithoutBox,
  unknownComplex,
  wordNumberSign,
} from './later-segment-shapes.js';
import { setRoad } from './road.js';
import { plainWords, type Segment } from './segments.js';
import { matchSpecial } from './special.js';
import { spanText } from './state.js';
import type { StreetWork } from './street-work.js';
import { isUnitSegment, unitStartsAt } from './units.js';

/** One segment after the street: `k` its index, `words` its tokens. */
export interface LaterSegment {
  seg: Segment;
  k: number;
  words: Classified[];
}

export interface LaterSegmentRule {
  name: string;
  applies(w: StreetWork, later: LaterSegment): boolean;
  apply(w: StreetWork, later: LaterSegment): void;
}

/** Runs the rule table over every segment after the street. */
export function laterSegments(w: StreetWork): boolean {
  const { t, segs } = w;
  for (let k = w.next; k < segs.length; k++) {
    const seg = segs[k];
    const later: LaterSegment = { seg, k, words: t.slice(seg.start, seg.end) };
    for (const rule of LATER_SEGMENT_RULES) {
      if (!rule.applies(w, later)) continue;
      if (w.trace) w.trace.push(`  ${rule.name}: "${spanText(t, seg)}"`);
      rule.apply(w, later);
      break;
    }
  }
  return w.next < segs.length;
}

/**
 * "1800 M Street, NW [Ste 700]", "Donnelly Ave., S. W. # 2": a directional opening the next
 * segment belongs to the street; what follows it is a unit or, as in "..., NE 400 Colony
 * Square" (a numbered office complex), a name. Not "..., West Hall, Room 311": a directional
 * and a building word name a building.
 */
const directionalAfterStreet: LaterSegmentRule = {
  name: 'directional after the street',
  applies: ({ s }, { words }) =>
    !!s.detail.fields.road &&
    !!words[0].dir &&
    !s.detail.street.postDirection &&
    !(words.length === 2 && isBuildingWord(words[1].key)),
  apply({ s, t, unitParts, houseParts }, { seg, words }) {
    const d = s.detail;
    const pair = words.length > 1 && /^[NS]$/.test(words[0].key) && /^[EW]$/.test(words[1].key) ? 2 : 1;
    d.fields.road = `${d.fields.road} ${spanText(t, { start: seg.start, end: seg.start + pair })}`;
    d.street.postDirection = words
      .slice(0, pair)
      .map((x) => x.key)
      .join('');
    const rest = { start: seg.start + pair, end: seg.end };
    if (rest.end <= rest.start) return;
    const complex = numberedName(t, rest) && isComplexType(t[rest.end - 1].key);
    if (!complex && t.slice(rest.start, rest.end).some((x) => x.hasDigit || x.unit)) unitParts.push(rest);
    else houseParts.push(spanText(t, rest));
  },
};

/** "c/o Boa Lockbox 402605": a name, and a box closing the segment is the delivery address. */
const careOfName: LaterSegmentRule = {
  name: 'care-of name',
  applies: (_w, { words }) => CARE_OF.has(words[0].key),
  apply({ s, t, houseParts }, { seg }) {
    const d = s.detail;
    let k = seg.start + 2;
    while (k < seg.end && !matchSpecial(t, k, seg.end)) k++;
    const box = k < seg.end && !d.special ? matchSpecial(t, k, seg.end) : undefined;
    if (box && box.end === seg.end) {
      d.special = box.special;
      d.fields.poBox = spanText(t, box);
      houseParts.push(spanText(t, { start: seg.start, end: k }));
    } else houseParts.push(spanText(t, seg));
  },
};

/**
 * "1085 Santa Paula Avenue, Los Osos": a last words-only segment is the city. Not
 * "..., Sandpiper Business Park", a complex no gazetteer knows as a town.
 */
const townAfterStreet: LaterSegmentRule = {
  name: 'town after the street',
  applies: ({ s, t, segs }, { seg, k, words }) =>
    !s.city &&
    k === segs.length - 1 &&
    words.every((x) => !x.hasDigit && !x.unit) &&
    !!s.detail.fields.road &&
    !unknownComplex(t, seg),
  apply: ({ s }, { seg }) => {
    s.city = seg;
  },
};

/**
 * "Bow St, Covent Garden, London", "Nieuwe Binnenweg 17, Oude Westen, Rotterdam": outside
 * North America the part between the street and the town is the district.
 */
const districtAbroad: LaterSegmentRule = {
  name: 'district abroad',
  applies: ({ s, t, segs }, { k, words }) =>
    abroad(s) &&
    !!s.detail.fields.road &&
    !s.detail.fields.suburb &&
    (s.city ? k === segs.length - 1 : k === segs.length - 2 && plainWords(t, segs[k + 1])) &&
    words.every((x) => !x.hasDigit && !x.unit && !x.connector),
  apply: ({ s, t }, { seg }) => {
    s.detail.fields.suburb = spanText(t, seg);
  },
};

/** "..., Unit K, L Cedar Rapids": a lone letter after a unit is another id of it. */
const letterOfUnit: LaterSegmentRule = {
  name: 'letter of a unit',
  applies: ({ unitParts }, { words }) =>
    words.length === 1 && words[0].letter && !words[0].dir && unitParts.length > 0,
  apply: ({ unitParts }, { seg }) => {
    unitParts.push(seg);
  },
};

/** "..., Mizzou North, Rm 501", "..., Kingston Building": names after the street. */
const nameAfterStreet: LaterSegmentRule = {
  name: 'name after the street',
  applies: ({ s, t }, { seg, words }) =>
    (!!s.detail.fields.road && words.every((x) => !x.hasDigit && !x.unit)) ||
    isBuildingName(t, seg.start, seg.end),
  apply: pushName,
};

/** "Box 44, Rt 2": the numbered road the box is on. */
const roadOfBox: LaterSegmentRule = {
  name: 'road of a box',
  applies: ({ s, t }, { seg }) =>
    s.detail.special?.kind === 'poBox' && !s.detail.fields.road && isRoute(t, seg),
  apply: ({ s }, { seg }) => setRoad(s, seg.start, seg.end),
};

/** "RR 4, Box 164 A": the box of the rural route, after a comma. */
const boxOfRuralRoute: LaterSegmentRule = {
  name: 'box of a rural route',
  applies: ({ s, t }, { seg }) => routeWithoutBox(s.detail) && boxClosing(t, seg),
  apply({ s, t }, { seg }) {
    const d = s.detail;
    d.fields.poBox = `${d.fields.poBox} ${spanText(t, seg)}`;
    const sp = d.special;
    const box = matchSpecial(t, seg.start, seg.end)?.special;
    if (sp && (sp.kind === 'ruralRoute' || sp.kind === 'highwayContract') && box?.kind === 'poBox')
      sp.box = box.id;
  },
};

/** "..., Suite 100", "..., Substation # 1", "..., PO Box 7": units after the street or box. */
const unit: LaterSegmentRule = {
  name: 'unit',
  applies: ({ t }, { seg }) =>
    !!matchSpecial(t, seg.start, seg.end) || isUnitSegment(t, seg) || wordNumberSign(t, seg),
  apply: ({ unitParts }, { seg }) => {
    unitParts.push(seg);
  },
};

/**
 * "..., 1 Piedmont Ctr., ...": a numbered office complex is the building; "..., 500 North
 * Breakers ...": a number and a name with no street type are the unit and the building.
 */
const numberedComplex: LaterSegmentRule = {
  name: 'numbered complex',
  applies: ({ s, t }, { seg }) => !!s.detail.fields.road && s.detail.layout === 'us' && numberedName(t, seg),
  apply({ t, unitParts, houseParts }, { seg }) {
    const complex = isComplexType(t[seg.end - 1].key);
    if (!complex) unitParts.push({ start: seg.start, end: seg.start + 1 });
    houseParts.push(spanText(t, complex ? seg : { start: seg.start + 1, end: seg.end }));
  },
};

/** After a street or a box, a segment may hold a name and a unit. */
const afterStreetOrBox = ({ s }: StreetWork) => !!(s.detail.fields.road || s.detail.special);

/** "..., Suite 700, Overlook 1": a name and a small number, one building of a complex. */
const numberedBuildingOfComplex: LaterSegmentRule = {
  name: 'numbered building of a complex',
  applies: (w, { seg }) =>
    afterStreetOrBox(w) &&
    seg.end - seg.start === 2 &&
    w.t[seg.start + 1].hasDigit &&
    numberedBuilding(w.t, seg.start),
  apply: pushName,
};

/** "Ste 110 Burns Prof. Blg.": a unit and its id, then the building's name. */
const unitThenBuildingName: LaterSegmentRule = {
  name: 'unit, then a building name',
  applies: (w, { seg }) =>
    afterStreetOrBox(w) &&
    (unitStartsAt(w.t, seg.start, seg.end) || w.t[seg.start].hasDigit) &&
    !!w.t[seg.start + 1]?.hasDigit &&
    isBuildingName(w.t, seg.start + 2, seg.end),
  apply({ t, unitParts, houseParts }, { seg }) {
    unitParts.push({ start: seg.start, end: seg.start + 2 });
    houseParts.push(spanText(t, { start: seg.start + 2, end: seg.end }));
  },
};

/** "Tower Place Ste 1685": a name, then the unit (a word and its id are all unit). */
const nameThenUnit: LaterSegmentRule = {
  name: 'name, then a unit',
  applies: afterStreetOrBox,
  apply({ t, unitParts, houseParts }, { seg }) {
    let u = seg.start;
    const wordAndId = seg.end - seg.start === 2 && t[seg.start + 1].hasDigit;
    while (!wordAndId && u < seg.end && !unitStartsAt(t, u, seg.end) && !t[u].hasDigit) u++;
    if (u > seg.start && u < seg.end) houseParts.push(spanText(t, { start: seg.start, end: u }));
    unitParts.push({ start: u < seg.end ? u : seg.start, end: seg.end });
  },
};

/** With no street or box to attach to, a segment after the street's place is a name. */
const name: LaterSegmentRule = { name: 'name', applies: () => true, apply: pushName };

function pushName({ t, houseParts }: StreetWork, { seg }: LaterSegment): void {
  houseParts.push(spanText(t, seg));
}

/** The order is the algorithm: the first rule that applies reads the segment. */
export const LATER_SEGMENT_RULES: readonly LaterSegmentRule[] = [
  directionalAfterStreet,
  careOfName,
  townAfterStreet,
  districtAbroad,
  letterOfUnit,
  nameAfterStreet,
  roadOfBox,
  boxOfRuralRoute,
  unit,
  numberedComplex,
  numberedBuildingOfComplex,
  unitThenBuildingName,
  nameThenUnit,
  name,
];
