import type { IntlVerifiedAddress } from '../../engines/address/intl/index.js';
import { errorsAsText, type VerifiedAddress } from '../../engines/address/verify/index.js';
import { csvLine } from '../../platform/csv/csv-line.js';

/** Which columns a list's output adds, and which of each row's own cells come before them. */
export interface OutputShape {
  /** The uploaded columns the output keeps, by index: every row starts with exactly these cells. */
  kept: readonly number[];
  intl: boolean;
  geocode: boolean;
}

/** One row's answer: a verification of either API, or why the row could not be verified. */
export type RowAnswer = { standard: VerifiedAddress } | { intl: IntlVerifiedAddress } | { invalid: string };

const PREFIX = 'verified_';

/** The columns added after the uploaded ones, in order. */
export function outputColumns(shape: Omit<OutputShape, 'kept'>): string[] {
  const lines = shape.intl ? ['line1', 'line2', 'line3', 'line4'] : ['line1', 'line2'];
  const geocode = shape.geocode ? ['latitude', 'longitude', 'geocodeAccuracy'] : [];
  return [...lines, 'city', 'provinceOrState', 'postalOrZip', 'country', 'status', 'errors', ...geocode].map(
    (c) => PREFIX + c,
  );
}

/** The output's header line: the uploaded header, then the added columns. */
export function outputHeader(header: readonly string[], shape: OutputShape): string {
  return csvLine([...shape.kept.map((i) => header[i]), ...outputColumns(shape)]);
}

/**
 * The output's shape for an uploaded header: every uploaded column but one named as an added
 * column (a list's result uploaded again), whose new answer replaces it, so no name repeats.
 */
export function outputShape(header: readonly string[], answers: Omit<OutputShape, 'kept'>): OutputShape {
  const added = new Set(outputColumns(answers));
  const kept = header.flatMap((name, i) => (added.has(name) ? [] : [i]));
  return { ...answers, kept };
}

/**
 * One output line: the row's kept cells as uploaded (a short row padded, so the added columns
 * always line up), then the answer. An invalid row's status is `invalid` with the reason in
 * errors; its address cells stay empty.
 */
export function outputLine(cells: readonly string[], answer: RowAnswer, shape: OutputShape): string {
  const own = shape.kept.map((i) => cells[i] ?? '');
  return csvLine([...own, ...answerCells(answer, shape)]);
}

function answerCells(answer: RowAnswer, shape: OutputShape): string[] {
  const lineCount = shape.intl ? 4 : 2;
  const width = lineCount + 6 + (shape.geocode ? 3 : 0);
  if ('invalid' in answer) {
    const cells = new Array<string>(width).fill('');
    cells[lineCount + 4] = 'invalid';
    cells[lineCount + 5] = answer.invalid;
    return cells;
  }
  const v = 'standard' in answer ? answer.standard : answer.intl;
  const lines =
    'standard' in answer ? [v.line1, v.line2] : [v.line1, v.line2, answer.intl.line3, answer.intl.line4];
  const cells = [
    ...lines.slice(0, lineCount),
    ...Array(lineCount - Math.min(lineCount, lines.length)).fill(''),
    v.city,
    v.provinceOrState,
    v.postalOrZip,
    v.country,
    v.status,
    errorsAsText(v.errors),
  ].map((c) => c ?? '');
  if (shape.geocode) cells.push(...geocodeCells(answer));
  return cells;
}

function geocodeCells(answer: { standard: VerifiedAddress } | { intl: IntlVerifiedAddress }): string[] {
  if ('standard' in answer) {
    const g = answer.standard.geocodeResult;
    return g ? [String(g.location.lat), String(g.location.lng), g.accuracyType] : ['', '', ''];
  }
  const g = answer.intl.geoData;
  return g ? [g.latitude, g.longitude, g.geoAccuracy] : ['', '', ''];
}
