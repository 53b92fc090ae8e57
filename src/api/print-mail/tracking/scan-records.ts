import { scanStatus } from './scan-codes.js';

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
  scannedAt: string;
  scanEventCode: string;
  operationCode: string;
  facilityZip: string;
  /** The imbStatus it means, or null: an unknown code. */
  status: string | null;
  /** The rest worth showing on a timeline: phase, handling event type, facility. */
  detail: Record<string, string>;
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

// "2026-03-02T14:05:00Z", "2026-03-02T14:05:00-05:00", "2026-03-02 14:05:00" (taken as UTC).
const DATETIME = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(Z|[+-]\d\d:?\d\d)?$/;

/** A record's values by field (from a JSON object or a delimited row) as a Scan; errors name the line. */
export function toScan(values: Partial<Record<ScanField, string>>, line: number): Scan {
  const imb = (values.imb ?? '').replace(/[\s-]/g, '');
  if (!/^\d{20}(\d{5}|\d{9}|\d{11})?$/.test(imb))
    throw new ScanFileError(line, `imb must be 20, 25, 29 or 31 digits (got "${values.imb ?? ''}")`);
  const when = DATETIME.exec((values.scanDatetime ?? '').trim());
  const at = when ? new Date(`${when[1]}T${when[2]}${when[3] ?? 'Z'}`) : undefined;
  if (!at || Number.isNaN(at.getTime()))
    throw new ScanFileError(
      line,
      `scanDatetime must be a date and time (got "${values.scanDatetime ?? ''}")`,
    );
  const zip = (values.scanFacilityZip ?? '').trim();
  if (zip && !/^\d{5}(-?\d{4})?$/.test(zip))
    throw new ScanFileError(line, `scanFacilityZip must be a ZIP Code (got "${zip}")`);
  const codes = {
    scanEventCode: (values.scanEventCode ?? '').trim().toUpperCase(),
    operationCode: (values.operationCode ?? '').trim(),
    mailPhase: (values.mailPhase ?? '').trim(),
  };
  const detail: Record<string, string> = {};
  for (const field of DETAIL_FIELDS) if (values[field]?.trim()) detail[field] = values[field]!.trim();
  return {
    line,
    tracking: imb.slice(0, 20),
    routing: imb.slice(20),
    scannedAt: at.toISOString(),
    scanEventCode: codes.scanEventCode,
    operationCode: codes.operationCode,
    facilityZip: zip.slice(0, 5),
    status: scanStatus(codes) ?? null,
    detail,
  };
}
