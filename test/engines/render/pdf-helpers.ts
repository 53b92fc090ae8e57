import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
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

export interface WordBox extends Zone {
  text: string;
}

/** Every word of one page (1-based) with its box, from `pdftotext -bbox` (points, top-left origin). */
export async function pageWords(pdf: Uint8Array, page: number): Promise<WordBox[]> {
  const dir = await mkdtemp(join(tmpdir(), 'postroom-pdfwords-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const args = ['-bbox', '-f', String(page), '-l', String(page), file, '-'];
    const { stdout } = await run('pdftotext', args, { maxBuffer: 1 << 26 });
    const words: WordBox[] = [];
    const pattern = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (const [, x0, y0, x1, y1, text] of stdout.matchAll(pattern)) {
      const [x, y] = [Number(x0), Number(y0)];
      words.push({ text: unescapeXml(text), x, y, width: Number(x1) - x, height: Number(y1) - y });
    }
    return words;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function unescapeXml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#\d+|\w+);/g, (all, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (named[name] ?? all),
  );
}

export interface RgbPixels {
  width: number;
  height: number;
  /** r, g, b bytes, row by row. */
  data: Buffer;
}

/** Colour pixels of a zone (points, top-left origin) of one page (1-based), at `scale` pixels per point. */
export async function zoneRgb(pdf: Uint8Array, page: number, zone: Zone, scale = 1): Promise<RgbPixels> {
  const dir = await mkdtemp(join(tmpdir(), 'postroom-pdfrgb-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const px = (pt: number) => String(Math.round(pt * scale));
    const args = [
      '-r',
      String(72 * scale),
      '-f',
      String(page),
      '-l',
      String(page),
      '-x',
      px(zone.x),
      '-y',
      px(zone.y),
    ];
    args.push('-W', px(zone.width), '-H', px(zone.height), file);
    const { stdout } = await run('pdftoppm', args, { encoding: 'buffer', maxBuffer: 1 << 26 });
    // A binary PPM: "P6", width, height, the maximum value, then the pixels.
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a PPM');
    const [width, height] = [Number(header[1]), Number(header[2])];
    return { width, height, data: stdout.subarray(header[0].length) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How many pixels pass a test of their r, g, b. */
export function countPixels(pixels: RgbPixels, test: (r: number, g: number, b: number) => boolean): number {
  let count = 0;
  for (let i = 0; i + 2 < pixels.data.length; i += 3) {
    if (test(pixels.data[i], pixels.data[i + 1], pixels.data[i + 2])) count++;
  }
  return count;
}

export interface GrayPixels {
  width: number;
  height: number;
  /** One byte per pixel, row by row: 0 black, 255 white. */
  data: Buffer;
}

/** Grey pixels of a zone (points, top-left origin) of one page (1-based) at `dpi`, for measuring ink. */
export async function zoneGray(pdf: Uint8Array, page: number, zone: Zone, dpi: number): Promise<GrayPixels> {
  const dir = await mkdtemp(join(tmpdir(), 'postroom-pdfgray-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const px = (pt: number) => String(Math.round((pt * dpi) / 72));
    const args = ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page)];
    args.push('-x', px(zone.x), '-y', px(zone.y), '-W', px(zone.width), '-H', px(zone.height), file);
    const { stdout } = await run('pdftoppm', args, { encoding: 'buffer', maxBuffer: 1 << 26 });
    // A binary PGM: "P5", width, height, the maximum value, then the pixels.
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a PGM');
    const [width, height] = [Number(header[1]), Number(header[2])];
    return { width, height, data: stdout.subarray(header[0].length) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A small truecolour PNG of one colour, made by hand (zlib and a CRC), for image inputs. */
export function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Uint8Array {
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The recipient and sender every render engine test addresses its pieces with. */
export const to = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '12 Analytical Way',
  addressLine2: 'Suite 3',
  city: 'Springfield',
  provinceOrState: 'IL',
  postalOrZip: '62701',
  countryCode: 'US',
};
export const from = {
  companyName: 'Postroom Test Co',
  addressLine1: '1 Sender Rd',
  city: 'Austin',
  provinceOrState: 'TX',
  postalOrZip: '73301',
  countryCode: 'US',
};
