/**
 * Street sub-stage: the street's segment read by its layout - number first (US, UK,
 * France), number after the street (Germany, Spain, Latin America), the number alone in
 * the next segment, or no number at all.
 */
import { assignStreetWithoutNumber } from './layout-no-number.js';
import { assignNumberAfter, intlRoadStart } from './layout-number-after.js';
import { assignNumberFirst } from './layout-number-first.js';
import { setRoad } from './road.js';
import { spanText } from './state.js';
import type { StreetWork } from './street-work.js';

export function streetLayout(w: StreetWork): boolean {
  const { s, t, segs } = w;
  const d = s.detail;
  const { hn, layout, seg: k } = w.street!;
  const seg = segs[k];
  w.next = k + 1;
  if (!seg || d.special) return false;
  if (hn !== undefined && hn >= seg.end) {
    // "Avenida Paulista, 1578": the number sits alone in the next segment.
    const roadStart = intlRoadStart(t, seg.start, seg.end);
    if (roadStart > seg.start) w.houseParts.push(spanText(t, { start: seg.start, end: roadStart }));
    setRoad(s, roadStart, seg.end);
    d.fields.houseNumber = t[hn].raw;
    d.layout = 'intl';
    w.next++;
  } else if (hn === undefined) {
    assignStreetWithoutNumber(s, seg, w.houseParts, w.unitParts);
    const lone = w.loneNumber;
    if (lone && d.fields.road) d.fields.houseNumber = t[lone.start].raw;
    else if (lone) w.houseParts.unshift(t[lone.start].raw);
  } else if (layout === 'numberFirst')
    w.unitParts = w.unitParts.concat(assignNumberFirst(s, seg, hn, w.houseParts));
  else w.unitParts = w.unitParts.concat(assignNumberAfter(s, seg, hn, w.houseParts));
  return true;
}

/** For --explain: which layout read the street. */
export function streetLayoutNote(w: StreetWork): string {
  const { hn, layout, seg } = w.street!;
  if (hn === undefined) return 'no number';
  return hn >= w.segs[seg].end ? 'number in the next segment' : `${layout}`;
}
