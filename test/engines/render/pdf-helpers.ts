import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { Zone } from '../../../src/engines/render/pdf/address-zones.js';

const run = promisify(execFile);

/** Text of one page (1-based) with pdftotext, optionally cropped to a zone (points, top-left origin). */
export async function pageText(pdf: Uint8Array, page: number, zone?: Zone): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'postroom-pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const crop = zone
      ? ['-x', zone.x, '-y', zone.y, '-W', zone.width, '-H', zone.height].map((v) =>
          String(typeof v === 'number' ? Math.round(v) : v),
        )
      : [];
    const { stdout } = await run('pdftotext', [
      '-layout',
      '-r',
      '72',
      '-f',
      String(page),
      '-l',
      String(page),
      ...crop,
      file,
      '-',
    ]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function pageSizes(pdf: Uint8Array): Promise<Array<[number, number]>> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
}

/** A PDF whose pages say "<label> page N" in the middle. */
export async function makePdf(
  width: number,
  height: number,
  pages: number,
  label = 'supplied',
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    doc.addPage([width, height]).drawText(`${label} page ${i}`, { x: 72, y: height / 2, size: 14, font });
  }
  return doc.save();
}

/** A PDF that declares encryption in its trailer, as a password-protected file does. */
export async function makeEncryptedPdf(width: number, height: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([width, height]);
  const encrypt = doc.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2, P: -4 });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  return doc.save({ useObjectStreams: false });
}

/** Page sizes in whole points; Chromium prints 210 mm as 595.92 pt, hence 596. */
export const LETTER: [number, number] = [612, 792];
export const A4: [number, number] = [596, 842];

/** Grey pixels of a zone of page 1 at 50 dpi, to compare what is visible rather than the text layer. */
export async function zonePixels(pdf: Uint8Array, zone: Zone): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'postroom-pdfpx-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const px = (pt: number) => String(Math.round((pt * 50) / 72));
    const args = ['-r', '50', '-gray', '-f', '1', '-l', '1', '-x', px(zone.x), '-y', px(zone.y)];
    args.push('-W', px(zone.width), '-H', px(zone.height), file);
    const { stdout } = await run('pdftoppm', args, { encoding: 'buffer', maxBuffer: 1 << 24 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
