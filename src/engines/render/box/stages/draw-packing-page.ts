import { pdfLib } from '../../../../platform/packages-on-first-use.js';
import { amountInFigures } from '../../cheque/cheque-amount.js';
import { ADDRESS_LAYOUTS } from '../../pdf/address-zones.js';
import { fitText } from '../../pdf/fit-text.js';
import { stampAddresses } from '../../pdf/stamp-addresses.js';
import { drawableText } from '../../pdf/standard-font-text.js';
import type { BoxStage } from '../box-job.js';

const IN = 72;
const ROWS_PER_COLUMN = 50;
/** Two columns from 0.5 in, each line cut to its column so the second stays 0.25 in inside the sheet. */
const COLUMN_WIDTH = 3.6 * IN;

/**
 * Page 1: the box's recipient and sender in the letter window zones (the page goes on top,
 * under the box's window or as its label) and the packing list: every cheque's number, payee,
 * amount and first page, so the shop can check the box before closing it.
 */
export const drawPackingPage: BoxStage = async (job) => {
  const doc = job.doc!;
  const page = doc.getPage(0);
  const { to, from, cheques } = job.input;
  await stampAddresses(doc, page, { layout: ADDRESS_LAYOUTS.us_letter, to, from }, job.warnings);
  const font = await doc.embedFont(pdfLib().StandardFonts.Helvetica);
  const bold = await doc.embedFont(pdfLib().StandardFonts.HelveticaBold);
  const top = 792 - 3.5 * IN;
  page.drawText(`Box of ${cheques.length} cheque${cheques.length === 1 ? '' : 's'}`, {
    x: 0.5 * IN,
    y: top,
    size: 12,
    font: bold,
  });
  const size = cheques.length > ROWS_PER_COLUMN / 2 ? 6 : 8;
  for (const [i, cheque] of cheques.entries()) {
    const column = Math.floor(i / ROWS_PER_COLUMN);
    const x = 0.5 * IN + column * 3.75 * IN;
    const y = top - 0.3 * IN - (i % ROWS_PER_COLUMN) * (size + 3);
    const payee =
      [cheque.to.firstName, cheque.to.lastName].filter(Boolean).join(' ') || cheque.to.companyName || '';
    const line = `No. ${cheque.number}  ${amountInFigures(cheque.amount)} ${cheque.currencyCode}  p. ${job.chequePages[i]}  ${payee}`;
    const [shown] = fitText(
      font,
      [drawableText(font, line, job.warnings)],
      COLUMN_WIDTH,
      Infinity,
      size,
      size,
    ).lines;
    page.drawText(shown, {
      x,
      y,
      size,
      font,
      color: pdfLib().rgb(0, 0, 0),
    });
  }
};
