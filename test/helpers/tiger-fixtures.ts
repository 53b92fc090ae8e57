import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';

/** TIGER/Line boundary fixtures (test/fixtures/tiger/, made by make-fixtures.py). */
export const TIGER_DIR = path.resolve(import.meta.dirname, '../fixtures/tiger');

export const TIGER_FILES = {
  county: 'tl_2024_us_county.zip',
  tract: 'tl_2024_21_tract.zip',
  block: 'tl_2024_21_tabblock20.zip',
  cd: 'tl_2024_21_cd119.zip',
  sldu: 'tl_2024_21_sldu.zip',
  sldl: 'tl_2024_21_sldl.zip',
  place: 'tl_2024_21_place.zip',
  cbsa: 'tl_2024_us_cbsa.zip',
  csa: 'tl_2024_us_csa.zip',
  metdiv: 'tl_2024_us_metdiv.zip',
} as const;

export const tigerZip = (layer: keyof typeof TIGER_FILES) => path.join(TIGER_DIR, TIGER_FILES[layer]);

/** TIGER/Line address range fixtures (test/fixtures/tiger/ranges/, made by make-range-fixtures.py). */
export const RANGES_DIR = path.join(TIGER_DIR, 'ranges');

const RANGE_FILES = {
  addrfeat: 'tl_2024_21111_addrfeat.zip',
  addrfn: 'tl_2024_21111_addrfn.zip',
  featnames: 'tl_2024_21111_featnames.zip',
  queens: 'tl_2024_36081_addrfeat.zip',
} as const;

export const rangeZip = (kind: keyof typeof RANGE_FILES) => path.join(RANGES_DIR, RANGE_FILES[kind]);

/** A zip's members as name -> bytes. */
export function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );
}

/** Writes files (name -> bytes) into a fresh temporary folder and returns it. */
export function folderOf(files: Map<string, Buffer> | Record<string, Buffer>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'postroom-tiger-'));
  for (const [name, bytes] of files instanceof Map ? files : Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
  }
  return dir;
}
