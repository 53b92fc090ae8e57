import type { IMB_STATUSES } from '../orders/order-status.js';

export type ImbStatus = (typeof IMB_STATUSES)[number];

/** How far along each status is: a piece's imbStatus only moves up this order. */
export const IMB_RANK: Readonly<Record<ImbStatus, number>> = Object.freeze({
  entered_mail_stream: 1,
  out_for_delivery: 2,
  returned_to_sender: 3,
});

/** What of a scan record the mapping reads (IV-MTR field names). */
export interface ScanCodes {
  scanEventCode: string;
  operationCode: string;
  mailPhase: string;
}

/**
 * The mapping from a scan to the imbStatus it means, as an ordered table of named rules; the
 * first that applies decides. Event codes are USPS's tracking event codes as IV-MTR reports
 * them, operation codes the mail processing equipment's, phases IV-MTR's mail phases. A scan
 * no rule applies to means nothing (counted as an unknown code by the import).
 */
export const SCAN_RULES: ReadonlyArray<{
  name: string;
  applies: (s: ScanCodes) => boolean;
  status: ImbStatus;
}> = Object.freeze([
  {
    // 09 Return to Sender, 04 Refused, 05 Undeliverable as Addressed, 21-29 the undeliverable
    // reasons (No Such Number, Insufficient Address, Moved Left No Address, Forwarding
    // Expired, Addressee Unknown, Vacant, Unclaimed, Deceased, Returned to Sender Not Picked Up).
    name: 'return event',
    applies: (s) => /^(0[459]|2[1-9])$/.test(s.scanEventCode),
    status: 'returned_to_sender',
  },
  {
    name: 'return phase',
    applies: (s) => /return to sender/i.test(s.mailPhase),
    status: 'returned_to_sender',
  },
  {
    // OF Out for Delivery; 01 Delivered and 02 Notice Left come after it, and imbStatus has
    // nothing further along.
    name: 'out for delivery event',
    applies: (s) => /^(OF|01|02)$/i.test(s.scanEventCode),
    status: 'out_for_delivery',
  },
  {
    // Phase 4c, Destination Sequenced Carrier Sortation: the delivery point sequence sort
    // the carrier's tray comes out of, the last scan before the street.
    name: 'carrier sequence phase',
    applies: (s) => /^phase\s*4c\b/i.test(s.mailPhase),
    status: 'out_for_delivery',
  },
  {
    // 918, 919: delivery point sequencing, second pass (the same sort as Phase 4c).
    name: 'delivery point sequencing operation',
    applies: (s) => s.operationCode === '918' || s.operationCode === '919',
    status: 'out_for_delivery',
  },
  {
    // 03 Accepted, 07 Arrival at Unit, 10 Processed Through Facility, SF Departed Facility,
    // A1 Arrived at Facility, PC Processed.
    name: 'processing event',
    applies: (s) => /^(03|07|10|SF|A1|PC)$/i.test(s.scanEventCode),
    status: 'entered_mail_stream',
  },
  {
    // Phases 0 to 4 (origin and destination processing) other than 4c above.
    name: 'processing phase',
    applies: (s) => /^phase\s*[0-4][a-z]?\b/i.test(s.mailPhase),
    status: 'entered_mail_stream',
  },
  {
    // Any other operation code is a sorting machine's scan: the piece is in the mail stream.
    name: 'processing operation',
    applies: (s) => /^\d{3}$/.test(s.operationCode),
    status: 'entered_mail_stream',
  },
]);

/** The status a scan means, or undefined (an unknown code). */
export function scanStatus(codes: ScanCodes): ImbStatus | undefined {
  return SCAN_RULES.find((rule) => rule.applies(codes))?.status;
}
