import { ADDRESS_LAYOUTS } from '../../pdf/address-zones.js';
import { stampAddresses } from '../../pdf/stamp-addresses.js';
import type { ChequeStage } from '../cheque-job.js';

/**
 * `redirectTo`: a page in front of the cheque carrying only the redirect address (and the
 * drawer's), so the envelope goes there and the cheque inside stays as it is: e.g. to the
 * drawer's office to be signed and mailed on by hand. Laid out like a letter's address page.
 */
export const insertRedirectPage: ChequeStage = async (job) => {
  const redirectTo = job.input.redirectTo;
  if (!redirectTo) return;
  const doc = job.doc!;
  const page = doc.insertPage(0, [job.size.width, job.size.height]);
  const layout = ADDRESS_LAYOUTS.us_letter;
  const stamp = { layout, to: redirectTo, from: job.input.from, imb: job.input.imb };
  await stampAddresses(doc, page, stamp, job.warnings);
};
