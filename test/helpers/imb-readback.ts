import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const DPI = 600;

/**
 * Reads an Intelligent Mail barcode off a PDF page the way a scanner would: pdftoppm prints
 * the crop (inches from the page's top-left corner) to grey pixels, the dark columns make the
 * bars, and each bar's top and bottom against the tallest ones give its state (F, A, D, T).
 * The crop must hold the 65 bars and nothing else dark.
 */
export async function readImbBars(
  pdf: Uint8Array,
  page: number,
  crop: { x: number; y: number; width: number; height: number },
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imb-readback-'));
  writeFileSync(path.join(dir, 'in.pdf'), pdf);
  const px = (inches: number) => String(Math.round(inches * DPI));
  await run('pdftoppm', [
    ...['-gray', '-r', String(DPI), '-f', String(page), '-l', String(page), '-singlefile'],
    ...['-x', px(crop.x), '-y', px(crop.y), '-W', px(crop.width), '-H', px(crop.height)],
    path.join(dir, 'in.pdf'),
    path.join(dir, 'out'),
  ]);
  return barsOf(readPgm(readFileSync(path.join(dir, 'out.pgm'))));
}

interface Grey {
  width: number;
  height: number;
  dark: (x: number, y: number) => boolean;
}

function readPgm(bytes: Buffer): Grey {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a binary PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const offset = header[0].length;
  return { width, height, dark: (x, y) => bytes[offset + y * width + x] < 128 };
}

function barsOf(img: Grey): string {
  const bars: Array<{ top: number; bottom: number }> = [];
  let start = -1;
  for (let x = 0; x <= img.width; x++) {
    const inBar = x < img.width && columnHasInk(img, x);
    if (inBar && start < 0) start = x;
    if (!inBar && start >= 0) {
      bars.push(extent(img, Math.floor((start + x - 1) / 2)));
      start = -1;
    }
  }
  if (bars.length !== 65) throw new Error(`read ${bars.length} bars, not 65`);
  const top = Math.min(...bars.map((b) => b.top));
  const bottom = Math.max(...bars.map((b) => b.bottom));
  const slack = (bottom - top) / 6;
  return bars
    .map((b) => {
      const ascender = b.top - top < slack;
      const descender = bottom - b.bottom < slack;
      return ascender ? (descender ? 'F' : 'A') : descender ? 'D' : 'T';
    })
    .join('');
}

function columnHasInk(img: Grey, x: number): boolean {
  for (let y = 0; y < img.height; y++) if (img.dark(x, y)) return true;
  return false;
}

function extent(img: Grey, x: number): { top: number; bottom: number } {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < img.height; y++)
    if (img.dark(x, y)) {
      if (top < 0) top = y;
      bottom = y;
    }
  return { top, bottom };
}
