/**
 * IV-MTR's scan times: `2026-03-02T14:05:00Z`, `2026-03-02T14:05:00-05:00`, `…-0500`,
 * `2026-03-02 14:05:00` (no offset: taken as UTC), seconds and their fraction optional (the
 * fraction is cut to milliseconds). Read by hand rather than by `new Date(text)`: a feed has a
 * million of them and Date's parser costs more than the rest of a record. Answers
 * milliseconds since the epoch, or NaN for anything else, including a day its month lacks.
 */
export function parseScanTime(s: string): number {
  const n = s.length;
  if (n < 16 || s[4] !== '-' || s[7] !== '-' || (s[10] !== 'T' && s[10] !== ' ') || s[13] !== ':')
    return Number.NaN;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  let i = 16;
  let second = 0;
  let ms = 0;
  if (s[i] === ':') {
    second = digits(s, i + 1, 2);
    i += 3;
    if (s[i] === '.') {
      const from = ++i;
      while (i < n && isDigit(s.charCodeAt(i))) i++;
      if (i === from) return Number.NaN;
      ms = digits(`${s.slice(from, Math.min(i, from + 3))}00`, 0, 3);
    }
  }
  const offset = offsetMinutes(s, i);
  if (
    !(month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)) ||
    !(hour <= 23 && minute <= 59 && second <= 59) ||
    Number.isNaN(offset)
  )
    return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000;
}

/** `Z`, `±HH:MM`, `±HHMM` or nothing (UTC) from `i` to the end, in minutes east; NaN otherwise. */
function offsetMinutes(s: string, i: number): number {
  if (i === s.length) return 0;
  if (s[i] === 'Z') return i + 1 === s.length ? 0 : Number.NaN;
  const sign = s[i] === '+' ? 1 : s[i] === '-' ? -1 : 0;
  const colon = s[i + 3] === ':' ? 1 : 0;
  if (!sign || s.length !== i + 5 + colon) return Number.NaN;
  const hours = digits(s, i + 1, 2);
  const minutes = digits(s, i + 3 + colon, 2);
  return hours <= 23 && minutes <= 59 ? sign * (hours * 60 + minutes) : Number.NaN;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** The number the `count` digits from `at` spell, or NaN if any is not a digit. */
function digits(s: string, at: number, count: number): number {
  let v = 0;
  for (let k = at; k < at + count; k++) {
    const c = s.charCodeAt(k);
    if (!isDigit(c)) return Number.NaN;
    v = v * 10 + c - 48;
  }
  return v;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
