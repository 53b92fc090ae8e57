import type { PDFDocument, PDFEmbeddedPage, PDFFont, PDFPage } from 'pdf-lib';
import { invalid } from '../../../platform/errors.js';
import { pdfLib } from '../../../platform/packages-on-first-use.js';

/**
 * The PDFs a mailbox makes itself, with pdf-lib on the spot (a few milliseconds; no Chromium):
 * the forwarding letter's pages, and the envelope scan of a test item.
 */

const LETTER = { width: 612, height: 792 };
/** A #10 envelope, landscape, as a scanner sees one. */
const ENVELOPE = { width: 684, height: 297 };
const MARGIN = 54;

/** The standard fonts encode WinAnsi only: anything else prints as `?` rather than failing. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function writeLines(page: PDFPage, font: PDFFont, lines: string[], x: number, top: number, size: number) {
  lines.forEach((line, i) => {
    page.drawText(printable(line), { x, y: top - i * size * 1.4, size, font });
  });
}

/** Splits text into lines of at most `width` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A scan's pages, ready to draw; a page pdf-lib cannot copy is the scan's fault, named by its field. */
async function embedAll(out: PDFDocument, doc: PDFDocument, field: string): Promise<PDFEmbeddedPage[]> {
  try {
    return await out.embedPdf(doc, doc.getPageIndices());
  } catch (err) {
    throw invalid(field, `has pages that cannot be forwarded (${(err as Error).message.split('\n')[0]}).`);
  }
}

export interface ForwardingCover {
  mailboxId: string;
  pmb: string;
  itemId: string;
  receivedAt: Date;
  description?: string;
}

/**
 * The content of the letter that forwards an item: a cover page saying what it is, then each
 * page of the scans (envelope first), scaled to fit a US letter page. The address page is the
 * letter's own (`insert_blank_page`), so nothing here is covered by the address block.
 */
export async function forwardingPdf(
  cover: ForwardingCover,
  scans: Array<{ field: string; doc: PDFDocument }>,
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = pdfLib();
  const out = await PDFDocument.create();
  const font = await out.embedFont(StandardFonts.Helvetica);
  const bold = await out.embedFont(StandardFonts.HelveticaBold);
  const first = out.addPage([LETTER.width, LETTER.height]);
  const top = LETTER.height - MARGIN;
  writeLines(first, bold, ['Forwarded mail'], MARGIN, top, 20);
  const scanned = scans.reduce((n, scan) => n + scan.doc.getPageCount(), 0);
  const lines = [
    `Virtual mailbox ${cover.mailboxId} (${cover.pmb})`,
    `Item ${cover.itemId}`,
    `Received ${cover.receivedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    'The original piece of mail is enclosed with this letter.',
    scanned ? `The ${scanned} page(s) after this one are the mail room's scans of it.` : '',
    ...(cover.description ? ['', ...wrap(cover.description, font, 11, LETTER.width - 2 * MARGIN)] : []),
  ];
  writeLines(first, font, lines, MARGIN, top - 40, 11);
  const box = { width: LETTER.width - 2 * MARGIN, height: LETTER.height - 2 * MARGIN };
  for (const { field, doc } of scans) {
    for (const embedded of await embedAll(out, doc, field)) {
      const scale = Math.min(box.width / embedded.width, box.height / embedded.height, 1);
      const width = embedded.width * scale;
      const height = embedded.height * scale;
      out.addPage([LETTER.width, LETTER.height]).drawPage(embedded, {
        x: (LETTER.width - width) / 2,
        y: (LETTER.height - height) / 2,
        width,
        height,
      });
    }
  }
  return out.save();
}

/**
 * The envelope scan of a test item: an envelope addressed to the mailbox, marked as a test, so
 * a client can try `fileURL` before real mail arrives.
 */
export async function testEnvelopeScan(addressLines: string[], itemId: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = pdfLib();
  const out = await PDFDocument.create();
  const font = await out.embedFont(StandardFonts.Helvetica);
  const page = out.addPage([ENVELOPE.width, ENVELOPE.height]);
  writeLines(
    page,
    font,
    ['Test Sender', '1 Example Way', 'Springfield, IL 62701'],
    24,
    ENVELOPE.height - 30,
    9,
  );
  writeLines(page, font, addressLines, 300, 160, 11);
  writeLines(page, font, [`TEST MAIL ITEM ${itemId}`], 24, 24, 8);
  return out.save();
}
