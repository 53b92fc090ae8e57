import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** The barcode of bench piece `i`: Barcode ID 00, STID 310, Mailer ID 123456, serial i; ZIP 02114. */
export const benchImb = (i: number) => `00310123456${String(i).padStart(9, '0')}02114`;

/**
 * What each piece's ten scans say, in time order: seven processing scans at four facilities,
 * the delivery point sequence sort (out for delivery), the carrier's OF, then delivered (or,
 * for one piece in 50, returned to sender). As IV-MTR's feed, the file goes by time: every
 * piece's first scan, then every piece's second...; `foreign` records in 100 are scans of
 * another mailer's barcodes.
 */
const STEPS = [
  ['10', '271', '12207', 'Phase 1 - Origin Processing Cancellation of Postage'],
  ['10', '044', '12207', 'Phase 2 - Origin Primary Processing'],
  ['10', '265', '12288', 'Phase 3a - Destination Primary Processing'],
  ['10', '891', '02205', 'Phase 3b - Destination Primary Processing'],
  ['10', '895', '02205', 'Phase 4a - Destination Secondary Processing'],
  ['07', '', '02114', 'Phase 4b - Destination Secondary Processing'],
  ['10', '918', '02114', 'Phase 4b - Destination Secondary Processing'],
  ['10', '919', '02114', 'Phase 4c - Destination Sequenced Carrier Sortation'],
  ['OF', '', '02114', ''],
  ['01', '', '02114', ''],
];

export const FEED_HEADER =
  'imb|scanDatetime|scanEventCode|operationCode|scanFacilityZip|handlingEventType|mailPhase|scanFacilityName';

/** Writes `scans` records for `pieces` pieces as |-delimited text or JSON (an `events` array). */
export async function writeFeed(
  file: string,
  opts: { pieces: number; scans: number; foreign: number; json: boolean; start: Date },
): Promise<void> {
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(opts.json ? '{"events":[\n' : `${FEED_HEADER}\n`);
  let n = 0;
  for (let step = 0; n < opts.scans; step++) {
    const [event, op, zip, phase] = STEPS[step % STEPS.length];
    for (let piece = 0; piece < opts.pieces && n < opts.scans; piece++, n++) {
      const foreign = n % 100 < opts.foreign;
      const imb = foreign ? `00310999999${String(n).padStart(9, '0')}` : benchImb(piece);
      const returned = step % 10 === 9 && piece % 50 === 0;
      const at = new Date(opts.start.getTime() + (step * opts.pieces + piece) * 1000).toISOString();
      const record = {
        imb,
        scanDatetime: at,
        scanEventCode: returned ? '09' : event,
        operationCode: op,
        scanFacilityZip: zip,
        handlingEventType: 'L',
        mailPhase: phase,
        scanFacilityName: `FACILITY ${zip}`,
      };
      const line = opts.json
        ? `${n ? ',' : ''}${JSON.stringify(record)}\n`
        : `${Object.values(record).join('|')}\n`;
      await write(line);
    }
  }
  await write(opts.json ? ']}\n' : '');
  out.end();
  await once(out, 'finish');
}
