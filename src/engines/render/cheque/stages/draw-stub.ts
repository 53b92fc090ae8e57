import type { AddressContact } from '../../pdf/address-lines.js';
import { inch } from '../../sizes.js';
import { amountInFigures } from '../cheque-amount.js';
import { grey } from '../cheque-canvas.js';
import type { ChequeStage } from '../cheque-job.js';
import { stubZone } from '../cheque-layout.js';

const ROW = inch(0.24);
const LABEL_WIDTH = inch(1.1);

/**
 * The remittance stub under the perforation, which the payee keeps: who paid whom, the
 * cheque's number, date, amount and memo, then the caller's message across the rest of it.
 */
export const drawStub: ChequeStage = async (job) => {
  const { input } = job;
  const canvas = job.canvas!;
  const { regular, bold } = job.fonts!;
  const stub = stubZone(canvas.page.getHeight());
  const row = (i: number, height = ROW) => ({ ...stub, y: stub.y + i * ROW, height });
  const word = input.bank.countryCode === 'CA' ? 'CHEQUE' : 'CHECK';

  const header = row(0);
  canvas.text(
    'stub drawer',
    personOrCompany(input.from),
    { ...header, width: header.width * 0.7 },
    {
      font: bold,
      size: 10,
      minSize: 7,
    },
  );
  canvas.text('stub number', `${word} NO. ${input.number}`, header, { font: bold, size: 10, align: 'right' });
  canvas.rule('stub rule', stub.x, stub.x + stub.width, header.y + header.height + inch(0.06), {
    thickness: 0.5,
  });

  const rows: Array<[string, string]> = [
    ['PAY TO', personOrCompany(input.to)],
    ['DATE', input.date],
    ['AMOUNT', `$${amountInFigures(input.amount)} ${input.currencyCode}`],
  ];
  if (input.memo?.trim()) rows.push(['MEMO', input.memo]);
  for (const [i, [label, value]] of rows.entries()) {
    const line = row(i + 1.4);
    canvas.text(
      `stub ${label.toLowerCase()} label`,
      label,
      { ...line, width: LABEL_WIDTH },
      {
        font: bold,
        size: 7,
        color: grey(),
      },
    );
    const valueZone = { ...line, x: line.x + LABEL_WIDTH, width: line.width - LABEL_WIDTH };
    canvas.text(`stub ${label.toLowerCase()}`, value, valueZone, { font: regular, size: 10, minSize: 7 });
  }

  if (!input.message?.trim()) return;
  const top = stub.y + (rows.length + 2) * ROW;
  const messageZone = { ...stub, y: top, height: stub.y + stub.height - top };
  canvas.paragraph('message', input.message, messageZone, { font: regular, size: 10, lineHeight: 1.3 });
};

/** "First Last", or the company when the contact has no name. */
function personOrCompany(contact: AddressContact): string {
  const name = [contact.firstName, contact.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || contact.companyName?.trim() || '';
}
