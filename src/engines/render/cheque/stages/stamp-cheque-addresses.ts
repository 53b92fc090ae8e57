import { htmlToPdf } from '../../browser/html-to-pdf.js';
import { stampAddresses } from '../../pdf/stamp-addresses.js';
import type { PageSize } from '../../sizes.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_ADDRESS_LAYOUT } from '../cheque-layout.js';

/**
 * The drawer in the return window, the payee in the recipient window, printed exactly as a
 * letter's addresses are (stampAddresses: Helvetica sized to fit, Chromium for scripts the
 * standard font lacks), first, so nothing drawn later is painted over.
 */
export const stampChequeAddresses: ChequeStage = async (job, deps) => {
  const { input } = job;
  const canvas = job.canvas!;
  const printHtml = async (html: string, pageSize: PageSize) =>
    (await htmlToPdf(deps.pool, html, pageSize)).pdf;
  // With a redirect page the envelope goes to the redirect address: the barcode goes there.
  const imb = input.redirectTo ? null : input.imb;
  const stamp = { layout: CHEQUE_ADDRESS_LAYOUT, to: input.to, from: input.from, printHtml, imb };
  await stampAddresses(job.doc!, canvas.page, stamp, job.warnings);
  canvas.mark('payee address', CHEQUE_ADDRESS_LAYOUT.recipientZone);
  canvas.mark('drawer address', CHEQUE_ADDRESS_LAYOUT.returnZone);
};
