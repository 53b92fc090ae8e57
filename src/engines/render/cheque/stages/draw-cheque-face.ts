import type { PDFFont } from 'pdf-lib';
import { fitText } from '../../pdf/fit-text.js';
import { amountInFigures, amountInWords } from '../cheque-amount.js';
import { type ChequeCanvas, grey } from '../cheque-canvas.js';
import type { ChequeFonts, ChequeRenderInput, ChequeStage } from '../cheque-job.js';
import { CHEQUE_ZONES as Z } from '../cheque-layout.js';
import { embedImage } from '../embed-image.js';

/**
 * The cheque around the two windows: logo and bank beside the drawer, number and date top
 * right, the amount in words on the PAY line and in figures in the box, "TO THE ORDER OF"
 * over the payee, and the memo line.
 */
export const drawChequeFace: ChequeStage = async (job) => {
  const { input } = job;
  const canvas = job.canvas!;
  const fonts = job.fonts!;
  if (input.logo) canvas.image('logo', await embedImage(job.doc!, input.logo, 'logo'), Z.logo, 'top left');
  drawBank(canvas, fonts, input.bank);
  drawNumberAndDate(canvas, fonts, input);
  drawAmountInWords(canvas, fonts, input.amount);
  drawAmountBox(canvas, fonts, input);
  canvas.text('order label', 'TO THE ORDER OF', Z.orderLabel, { font: fonts.bold, size: 6.5 });
  canvas.text('memo label', 'MEMO', Z.memoLabel, { font: fonts.bold, size: 7 });
  if (input.memo?.trim())
    canvas.text('memo', input.memo, Z.memo, { font: fonts.regular, size: 9, minSize: 6 });
  canvas.rule('memo line', Z.memo.x, Z.memo.x + Z.memo.width, Z.memo.y + Z.memo.height);
};

function drawBank(canvas: ChequeCanvas, fonts: ChequeFonts, bank: ChequeRenderInput['bank']) {
  const name = {
    font: fonts.bold,
    size: 9,
    minSize: 6.5,
    align: 'center',
    valign: 'bottom',
    lineHeight: 1.1,
  } as const;
  canvas.paragraph('bank.name', bank.name, Z.bankName, name);
  const line = { font: fonts.regular, size: 7.5, minSize: 5.5, align: 'center' } as const;
  canvas.text('bank.primaryLine', bank.primaryLine ?? '', Z.bankLine1, line);
  canvas.text('bank.secondaryLine', bank.secondaryLine ?? '', Z.bankLine2, line);
}

/** The date is written YYYY-MM-DD with that format printed under it, as CPA 006 asks of Canadian cheques. */
function drawNumberAndDate(canvas: ChequeCanvas, fonts: ChequeFonts, input: ChequeRenderInput) {
  canvas.text('number', String(input.number), Z.number, { font: fonts.bold, size: 12, align: 'right' });
  canvas.text('date label', 'DATE', Z.dateLabel, { font: fonts.bold, size: 7 });
  canvas.text('date', input.date, Z.date, { font: fonts.regular, size: 10, align: 'center' });
  canvas.rule('date line', Z.date.x, Z.date.x + Z.date.width, Z.date.y + Z.date.height);
  const legend = { font: fonts.regular, size: 5, align: 'center', color: grey() } as const;
  canvas.text('date format', 'YYYY-MM-DD', Z.dateLegend, legend);
}

/** The legal amount, padded with asterisks to the end of its line so nothing can be added after it. */
function drawAmountInWords(canvas: ChequeCanvas, fonts: ChequeFonts, amount: number) {
  const font = fonts.regular;
  canvas.text('pay label', 'PAY', Z.payLabel, { font: fonts.bold, size: 8 });
  const words = amountInWords(amount);
  const size = fitText(font, [words], Z.words.width, Number.POSITIVE_INFINITY, 10, 7).size;
  const padded = `${words} ${stars(font, size, Z.words.width - font.widthOfTextAtSize(`${words} `, size))}`;
  canvas.text('amount in words', padded, Z.words, { font, size });
  canvas.rule('amount line', Z.words.x, Z.words.x + Z.words.width, Z.words.y + Z.words.height);
}

/** The currency code and the figures, asterisks between the $ and the amount so none can be squeezed in. */
function drawAmountBox(canvas: ChequeCanvas, fonts: ChequeFonts, input: ChequeRenderInput) {
  const box = Z.amountBox;
  const inset = 5;
  const code = { ...box, x: box.x + inset, width: 24 };
  canvas.box('amount box', box);
  canvas.text('currency', input.currencyCode, code, { font: fonts.bold, size: 8, valign: 'middle' });
  const figuresLeft = code.x + code.width + 2;
  const zone = { ...box, x: figuresLeft, width: box.x + box.width - inset - figuresLeft };
  const font = fonts.bold;
  const figures = `$${amountInFigures(input.amount)}`;
  const size = fitText(font, [figures], zone.width, Number.POSITIVE_INFINITY, 12, 8).size;
  const padded = `$${stars(font, size, zone.width - font.widthOfTextAtSize(figures, size))}${figures.slice(1)}`;
  canvas.text('amount in figures', padded, zone, { font, size, align: 'right', valign: 'middle' });
}

/** As many asterisks as fit in `width` at `size`. */
function stars(font: PDFFont, size: number, width: number): string {
  return '*'.repeat(Math.max(0, Math.floor(width / font.widthOfTextAtSize('*', size))));
}
