import { scanStatus } from './scan-codes.js';
import { parseScanTime } from './scan-time.js';

/**
 * One IV-MTR piece scan, as Postroom reads it from a data feed (JSON or delimited) or a push.
 * The field names are IV-MTR's; `imb` is the barcode as scanned, tracking code then routing
 * code (20 to 31 digits).
 */
export interface Scan {
  /** Line of the file the record starts on (1-based), for errors. */
  line: number;
  tracking: string;
  routing: string;
  /** When it was scanned, milliseconds since the epoch. */
  at: number;
  scanEventCode: string;
  operationCode: string;
  facilityZip: string;
  /** The imbStatus it means, or null: an unknown code. */
  status: string | null;
  /** The rest worth showing on a timeline (phase, handling event type, facility), as JSON text. */
  detail: string;
  /** Whether `detail` holds an escape (a backslash); most hold none, and COPY text needs them doubled. */
  detailEscaped: boolean;
}

/** Field names accepted for each value, first the documented one (any case; `_` and `-` ignored). */
export const SCAN_FIELDS = Object.freeze({
  imb: ['imb', 'imbcode', 'intelligentmailbarcode'],
  scanDatetime: ['scandatetime', 'scandate_time', 'scantimestamp'],
  scanEventCode: ['scaneventcode', 'eventcode'],
  operationCode: ['operationcode', 'opcode', 'scanoperationcode'],
  scanFacilityZip: ['scanfacilityzip', 'facilityzip', 'scanfacilityzipcode'],
  handlingEventType: ['handlingeventtype'],
  mailPhase: ['mailphase'],
  scanFacilityName: ['scanfacilityname'],
  scanFacilityCity: ['scanfacilitycity'],
  scanFacilityState: ['scanfacilitystate'],
  machineName: ['machinename'],
});
export type ScanField = keyof typeof SCAN_FIELDS;
/** A record needs at least one of these to say what happened. */
export const CODES: readonly ScanField[] = ['scanEventCode', 'operationCode', 'mailPhase'];
const DETAIL_FIELDS: readonly ScanField[] = [
  'handlingEventType',
  'mailPhase',
  'scanFacilityName',
  'scanFacilityCity',
  'scanFacilityState',
  'machineName',
];

export const normalizeName = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');
const BY_NAME = new Map(
  Object.entries(SCAN_FIELDS).flatMap(([field, names]) =>
    names.map((n) => [normalizeName(n), field as ScanField]),
  ),
);

/** The field a column or JSON key names, or undefined (other columns are ignored). */
export const fieldNamed = (name: string): ScanField | undefined => BY_NAME.get(normalizeName(name));

export class ScanFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** A record's values by field, as read from a JSON object or a delimited row. */
export type ScanValues = Partial<Record<ScanField, string>>;

/**
 * A record's values before any is read: every field there, in one order, so every record has
 * the same shape and reading them stays fast (a million objects built field by field in
 * whatever order the file gives take many shapes).
 */
const NO_VALUES: ScanValues = Object.fromEntries(Object.keys(SCAN_FIELDS).map((f) => [f, undefined]));
export const noValues = (): ScanValues => ({ ...NO_VALUES });

/** Whether a record says what happened: one of CODES. */
export const hasCode = (v: ScanValues) =>
  v.scanEventCode !== undefined || v.operationCode !== undefined || v.mailPhase !== undefined;

const IMB = /^\d{20}(\d{5}|\d{9}|\d{11})?$/;
const ZIP = /^\d{5}(-?\d{4})?$/;

/**
 * What each combination of codes means, remembered by event code, operation code and phase in
 * turn (maps of maps: no key string built per record): a feed holds a few dozen combinations
 * and the rule table's regular expressions cost more than the rest of a record. Cleared when
 * it grows past a bound, so a file of made-up codes cannot grow it without end.
 */
const statusOf = new Map<string, Map<string, Map<string, string | null>>>();
let statusCount = 0;
function cachedStatus(scanEventCode: string, operationCode: string, mailPhase: string): string | null {
  if (statusCount > 10_000) {
    statusOf.clear();
    statusCount = 0;
  }
  let byOperation = statusOf.get(scanEventCode);
  if (!byOperation) {
    byOperation = new Map();
    statusOf.set(scanEventCode, byOperation);
  }
  let byPhase = byOperation.get(operationCode);
  if (!byPhase) {
    byPhase = new Map();
    byOperation.set(operationCode, byPhase);
  }
  let status = byPhase.get(mailPhase);
  if (status === undefined) {
    status = scanStatus({ scanEventCode, operationCode, mailPhase }) ?? null;
    byPhase.set(mailPhase, status);
    statusCount++;
  }
  return status;
}

/** Whether JSON text needs more than quotes around `v`: a quote, backslash, control character or surrogate. */
function needsEscapes(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/** The timeline's fields of a record as JSON text (the few present, in a fixed order). */
function detailOf(values: ScanValues): { detail: string; escaped: boolean } {
  let json = '';
  let escaped = false;
  for (const field of DETAIL_FIELDS) {
    const v = values[field]?.trim();
    if (!v) continue;
    const quoted = needsEscapes(v) ? JSON.stringify(v) : `"${v}"`;
    escaped ||= quoted.length !== v.length + 2;
    json += `${json ? ',' : ''}"${field}":${quoted}`;
  }
  return { detail: `{${json}}`, escaped };
}

/** A record's values as a Scan; errors name the line. */
export function toScan(values: ScanValues, line: number): Scan {
  const raw = values.imb ?? '';
  const imb = IMB.test(raw) ? raw : raw.replace(/[\s-]/g, '');
  if (!IMB.test(imb))
    throw new ScanFileError(line, `imb must be 20, 25, 29 or 31 digits (got "${values.imb ?? ''}")`);
  const at = parseScanTime((values.scanDatetime ?? '').trim());
  if (Number.isNaN(at))
    throw new ScanFileError(
      line,
      `scanDatetime must be a date and time (got "${values.scanDatetime ?? ''}")`,
    );
  const zip = (values.scanFacilityZip ?? '').trim();
  if (zip && !ZIP.test(zip))
    throw new ScanFileError(line, `scanFacilityZip must be a ZIP Code (got "${zip}")`);
  const scanEventCode = (values.scanEventCode ?? '').trim().toUpperCase();
  const operationCode = (values.operationCode ?? '').trim();
  const detail = detailOf(values);
  return {
    line,
    tracking: imb.slice(0, 20),
    routing: imb.slice(20),
    at,
    scanEventCode,
    operationCode,
    facilityZip: zip.slice(0, 5),
    status: cachedStatus(scanEventCode, operationCode, (values.mailPhase ?? '').trim()),
    detail: detail.detail,
    detailEscaped: detail.escaped,
  };
}
