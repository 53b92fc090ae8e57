import { invalid } from '../../../platform/errors.js';

/** Orders print in US eastern time: the day after the send date starts at midnight here. */
export const PRINT_TIME_ZONE = 'America/New_York';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRINT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PRINT_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day of `at` in New York, as YYYY-MM-DD. */
export function newYorkDay(at: Date): string {
  return dayFormat.format(at);
}

/** The first midnight in New York after the New York day of `at` (DST-safe: tries both offsets). */
export function nextNewYorkMidnight(at: Date): Date {
  const [y, m, d] = newYorkDay(at).split('-').map(Number);
  for (const offsetHours of [5, 4]) {
    const candidate = new Date(Date.UTC(y, m - 1, d + 1, offsetHours));
    if (hourFormat.format(candidate) === '00') return candidate;
  }
  throw new Error(`no New York midnight found after ${at.toISOString()}`);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The send date rule (docs/operations.md): `sendDate` is a date-time with a zone, or a bare
 * date read as that day in New York. Absent means today. A send date whose New York day is
 * before today's is refused (400); any time earlier today counts as today. The order moves
 * to printing at the first New York midnight after the send date's day.
 */
export function scheduleSendDate(raw: string | undefined, now: Date): { sendDate: Date; printAt: Date } {
  if (raw === undefined || raw === '') return { sendDate: now, printAt: nextNewYorkMidnight(now) };
  const text = raw.trim();
  let sendDate: Date;
  if (DATE_ONLY.test(text))
    sendDate = new Date(`${text}T12:00:00Z`); // noon UTC is that same day in New York
  else if (DATE_TIME.test(text)) sendDate = new Date(text);
  else throw invalid('sendDate', 'must be an ISO 8601 date (2025-01-31) or date-time with a zone.');
  // Date() rolls 2025-02-30 over to March; a day that does not exist is a typo, not a date.
  const day = text.slice(0, 10);
  if (Number.isNaN(sendDate.getTime()) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day)
    throw invalid('sendDate', `is not a real date ("${raw}").`);
  if (newYorkDay(sendDate) < newYorkDay(now)) throw invalid('sendDate', 'must not be in the past.');
  if (DATE_ONLY.test(text) && newYorkDay(sendDate) === newYorkDay(now)) sendDate = now;
  return { sendDate, printAt: nextNewYorkMidnight(sendDate) };
}
