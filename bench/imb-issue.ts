/**
 * What issuing an Intelligent Mail barcode adds to one render (P1 §1), same run:
 *   node --import tsx bench/imb-issue.ts [--n 2000]
 * Each is the median of `--n` sequential pieces after a warm-up, on database postroom_bench_imb
 * (DATABASE_URL's server): the serial (SerialSource), the barcode's row (inside a transaction,
 * as it rides in the render's own statement),
 * the bars (bwip-js) drawn on a letter's page, and stampAddresses on a fresh letter page
 * with and without the barcode (the baseline). The routing code's ZIP+4 lookup (the verifier)
 * is timed apart: it is an address lookup, not the barcode. Prints a markdown table.
 */
import { PDFDocument } from 'pdf-lib';
import { barcodeRecordPart } from '../src/api/print-mail/tracking/imb-barcodes.repo.js';
import { serialSource } from '../src/api/print-mail/tracking/imb-serials.js';
import { routingCode } from '../src/api/print-mail/tracking/order-imb.js';
import { createVerifier } from '../src/engines/address/verify/index.js';
import { ADDRESS_LAYOUTS, drawImb, stampAddresses } from '../src/engines/render/index.js';
import { PgSource } from '../src/reference-store/pg-source.js';
import { arg, benchDatabase } from './support/bench-database.js';
import { machine } from './support/bench-utils.js';

const N = Number(arg('n', '2000'));
const pool = await benchDatabase(
  'postroom_bench_imb',
  'imb v1',
  { max: 4, applicationName: 'bench' },
  async () => {},
);
await pool.query('TRUNCATE imb_barcodes, imb_serials');
const to = {
  firstName: 'Alice',
  lastName: 'Reader',
  addressLine1: '20 Recipient Way',
  city: 'Boston',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  countryCode: 'US',
};
const from = {
  ...to,
  firstName: 'Bob',
  addressLine1: '1 Sender Plaza',
  postalOrZip: '12207',
  city: 'Albany',
};

const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];

/** Median ms of `fn` over N runs after a warm-up (a shared machine's pauses stay out). */
async function perPiece(fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Mean ms of `fn` over N runs: for the serial, whose cost is one statement per block. */
async function meanPerPiece(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < N; i++) await fn();
  return (performance.now() - start) / N;
}

const serials = serialSource(pool);
const serial = () => serials.next('123456', new Date());
// The barcode's row rides in the statement that records the render (its commit is the
// render's): its cost is the insert inside an open transaction.
let order = 0;
const client = await pool.connect();
await client.query('BEGIN');
const record = () => {
  const serial = order++;
  const part = barcodeRecordPart({
    orderId: `letter_bench${serial}`,
    orderKind: 'letter',
    orgId: 'org_bench',
    live: true,
    mailerId: '123456',
    serial,
    tracking: `00310123456${String(serial).padStart(9, '0')}`,
    routing: '02114',
    issuedAt: new Date(),
  });
  return client.query(part.statement);
};
const barcode = { tracking: '00310123456000000001', routing: '02114' };

const layout = ADDRESS_LAYOUTS.us_letter;
/** One fresh letter page stamped, with or without the barcode: ms. */
const stamp = async (withImb: boolean) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const start = performance.now();
  await stampAddresses(doc, page, { layout, to, from, imb: withImb ? barcode : null }, new Set());
  return performance.now() - start;
};
/** Without and with, alternately (so both see the same warmth and machine): medians. */
async function stamps(): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < 200; i++) await stamp(i % 2 === 1);
  for (let i = 0; i < 2 * N; i++) times[i % 2].push(await stamp(i % 2 === 1));
  return [median(times[0]), median(times[1])];
}
const page = (await PDFDocument.create()).addPage();
const [without, withBarcode] = await stamps();

const rows: Array<[string, number]> = [
  ['serial (a block of 100 from PostgreSQL per 100 pieces; mean)', await meanPerPiece(serial)],
  ['barcode row, in the render record statement', await perPiece(record)],
  ['bars alone: bwip-js + drawn on a page', await perPiece(async () => drawImb(page, barcode, 40, 600))],
  ['stampAddresses on a letter page, no barcode (baseline, median)', without],
  ['stampAddresses with the barcode (median)', withBarcode],
];
await client.query('COMMIT');
client.release();
const verifier = createVerifier(new PgSource(pool));
await verifier.warm();
const routing = await perPiece(() => routingCode(verifier, to));

console.log(`${machine()}; n = ${N} sequential pieces\n`);
console.log('| step | ms per piece (median unless said) |\n|---|---|');
for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(3)} |`);
const added = rows[0][1] + rows[1][1] + withBarcode - without;
console.log(
  `| **added by the barcode** (serial + row + stamp with − stamp without) | **${added.toFixed(3)}** |`,
);
console.log(
  `| apart: routing code's ZIP+4 lookup (verifier, no points for the ZIP) | ${routing.toFixed(3)} |`,
);
await pool.end();
