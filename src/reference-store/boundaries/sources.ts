import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ImportInputError } from '../import/import-errors.js';
import { type FetchLimits, isUrl, openSource } from '../import/source-input.js';

/**
 * Where boundary shapefiles come from: a zip as the Census publishes them (one shapefile's
 * .shp .dbf .shx .prj .cpg), a folder (of such zips or of unzipped parts), the parts named one
 * by one, or a URL of a zip (fetched through the safe fetch, to a temporary file). Each
 * source is one import run (recorded, resumable); a source holds one or more shapefiles.
 * Relationship tables published as a .dbf alone (TIGER/Line's ADDRFN and FEATNAMES) are
 * taken where the caller says their names may come so (`tables`); any other .dbf needs its .shp.
 */
export interface ShapefileParts {
  /** "tl_2024_21_tract" (the file name without its extension). */
  stem: string;
  /** How errors name it: "tl_2024_21_tract.zip: tl_2024_21_tract.shp". */
  label(ext: string): string;
  has(ext: string): boolean;
  open(ext: string): Promise<Readable>;
  /** A small part's text (.prj, .cpg). */
  text(ext: string): Promise<string | undefined>;
}

export interface BoundarySource {
  /** The path or URL a run is recorded (and resumed) under. */
  location: string;
  /** Size and mtime of the file(s), or the URL's ETag / Last-Modified / length. */
  fingerprint: string;
  /** Bytes to read (progress). */
  size: number;
  shapefiles: ShapefileParts[];
  close(): Promise<void>;
}

/** A .prj of projected coordinates is refused: the importers read longitude/latitude. */
export async function refuseProjected(parts: ShapefileParts): Promise<void> {
  const prj = await parts.text('.prj');
  if (prj && /^\s*PROJCS\[/i.test(prj))
    throw new ImportInputError(
      `${parts.label('.prj')}: projected coordinates (${prj.slice(0, 60).trim()}...); the importer reads ` +
        'longitude/latitude (TIGER/Line files are in NAD83 degrees)',
    );
}

/** The parts of a shapefile; .shp and .dbf are needed, the others read when there. */
export const PART_EXTENSIONS = ['.shp', '.dbf', '.shx', '.prj', '.cpg'] as const;
const PART = /\.(shp|dbf|shx|prj|cpg|sbn|sbx|shp\.xml|xml)$/i;

/** Which stems may be a .dbf without a .shp (a relationship table), for `boundarySources`. */
export interface SourceOptions {
  tables?: RegExp;
}

/**
 * Whether a location is shapefile data rather than address points (for `postroom data import`):
 * boundaries (tl_2024_21_tract.zip) or a county's address ranges (tl_2024_21111_addrfeat.zip).
 */
export async function isBoundaryLocation(location: string): Promise<boolean> {
  if (isUrl(location))
    return /(^|\/)tl_\d{4}_(us|\d{2}|\d{5})_[a-z0-9]+\.zip$/i.test(new URL(location).pathname);
  const info = await stat(location).catch(() => undefined);
  if (!info) return false;
  if (info.isDirectory()) return true;
  if (/\.(shp|dbf|shx)$/i.test(location)) return true;
  if (!/\.zip$/i.test(location) && !(await startsWithZip(location))) return false;
  const names = await zipNames(location).catch(() => []);
  return names.some((n) => /\.(shp|dbf)$/i.test(n));
}

/** Opens every location given into sources: a folder gives one source per shapefile or zip in it. */
export async function boundarySources(
  locations: string[],
  limits: FetchLimits = {},
  options: SourceOptions = {},
): Promise<BoundarySource[]> {
  const out: BoundarySource[] = [];
  const loose: string[] = [];
  try {
    for (const location of locations) {
      if (isUrl(location)) {
        out.push(await urlSource(location, limits, options));
        continue;
      }
      const info = await stat(location).catch(() => undefined);
      if (!info) throw new ImportInputError(`${location}: no such file or folder`);
      if (info.isDirectory()) out.push(...(await folderSources(location, options)));
      else if (/\.zip$/i.test(location) || (await startsWithZip(location)))
        out.push(await zipSource(location, location, options));
      else loose.push(location);
    }
    out.push(...(await looseSources(loose, options)));
  } catch (err) {
    await Promise.all(out.map((s) => s.close().catch(() => {})));
    throw err;
  }
  return out;
}

async function startsWithZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.equals(Buffer.from('PK\x03\x04', 'latin1'));
  } finally {
    await handle.close();
  }
}

async function folderSources(folder: string, options: SourceOptions): Promise<BoundarySource[]> {
  const names = (await readdir(folder)).sort();
  const out: BoundarySource[] = [];
  for (const name of names.filter((n) => /\.zip$/i.test(n)))
    out.push(await zipSource(path.join(folder, name), path.join(folder, name), options));
  const parts = names.filter((n) => PART.test(n)).map((n) => path.join(folder, n));
  out.push(...(await looseSources(parts, options)));
  if (!out.length) throw new ImportInputError(`${folder}: no shapefile (.shp and .dbf) or zip of one in it`);
  return out;
}

/** Files named one by one (or found in a folder), grouped by name; a part's siblings are looked for beside it. */
async function looseSources(files: string[], options: SourceOptions): Promise<BoundarySource[]> {
  const stems = new Map<string, string>();
  for (const file of files) {
    if (!PART.test(file))
      throw new ImportInputError(
        `${file}: not part of a shapefile (.shp, .dbf, .shx, .prj, .cpg) nor a zip of one`,
      );
    const stem = file.replace(PART, '');
    stems.set(stem.toLowerCase(), stem);
  }
  const out: BoundarySource[] = [];
  for (const stem of stems.values()) {
    const dir = path.dirname(stem);
    const base = path.basename(stem);
    const siblings = new Map<string, string>();
    for (const name of await readdir(dir))
      if (name.toLowerCase().startsWith(base.toLowerCase() + '.'))
        siblings.set(name.slice(base.length).toLowerCase(), path.join(dir, name));
    const shp = siblings.get('.shp');
    const dbf = siblings.get('.dbf');
    const table = !shp && !!dbf && !!options.tables?.test(base);
    if ((!shp || !dbf) && !table) {
      const have = shp ?? dbf ?? [...siblings.values()][0];
      throw new ImportInputError(
        `${have}: no ${base}${shp ? '.dbf' : '.shp'} beside it (a shapefile is read from its .shp and .dbf together)`,
      );
    }
    const [a, b] = await Promise.all([stat(shp ?? dbf!), stat(dbf!)]);
    out.push({
      location: shp ?? dbf!,
      fingerprint: `${a.size}:${a.mtimeMs}:${b.size}:${b.mtimeMs}`,
      size: table ? b.size : a.size + b.size,
      shapefiles: [
        {
          stem: base,
          label: (ext) => siblings.get(ext) ?? `${stem}${ext}`,
          has: (ext) => siblings.has(ext),
          open: async (ext) => createReadStream(siblings.get(ext)!, { highWaterMark: 1024 * 1024 }),
          text: async (ext) => (siblings.has(ext) ? readFile(siblings.get(ext)!, 'utf8') : undefined),
        },
      ],
      close: async () => {},
    });
  }
  return out;
}

async function urlSource(url: string, limits: FetchLimits, options: SourceOptions): Promise<BoundarySource> {
  const input = await openSource(url, limits);
  if (!input.file) {
    await input.cleanup();
    throw new ImportInputError(
      `${url}: a shapefile over http(s) is read as a zip (as the Census publishes them), not as separate parts`,
    );
  }
  try {
    const source = await zipSource(input.file, url, options);
    return {
      ...source,
      fingerprint: input.fingerprint ?? source.fingerprint,
      close: async () => {
        await source.close();
        await input.cleanup();
      },
    };
  } catch (err) {
    await input.cleanup();
    throw err;
  }
}

function openZip(file: string, location: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, z) =>
      err ? reject(new ImportInputError(`${location}: not a readable zip (${err.message})`)) : resolve(z),
    ),
  );
}

function entries(zip: yauzl.ZipFile, location: string): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const all: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      all.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(all));
    zip.on('error', (err: Error) =>
      reject(new ImportInputError(`${location}: damaged zip (${err.message})`)),
    );
    zip.readEntry();
  });
}

async function zipNames(file: string): Promise<string[]> {
  const zip = await openZip(file, file);
  try {
    return (await entries(zip, file)).map((e) => e.fileName);
  } finally {
    zip.close();
  }
}

async function zipSource(
  file: string,
  location: string,
  options: SourceOptions = {},
): Promise<BoundarySource> {
  const zip = await openZip(file, location);
  try {
    const all = (await entries(zip, location)).filter(
      (e) => !e.fileName.endsWith('/') && !/(^|\/)(__MACOSX|\.)/.test(e.fileName),
    );
    const byStem = new Map<string, Map<string, yauzl.Entry>>();
    for (const e of all) {
      const m = /^(.*?)(\.shp|\.dbf|\.shx|\.prj|\.cpg)$/i.exec(e.fileName);
      if (!m) continue;
      const parts = byStem.get(m[1]) ?? new Map<string, yauzl.Entry>();
      parts.set(m[2].toLowerCase(), e);
      byStem.set(m[1], parts);
    }
    const shapefiles: ShapefileParts[] = [];
    for (const [stem, parts] of [...byStem].sort(([a], [b]) => a.localeCompare(b))) {
      if (!parts.has('.shp') && !parts.has('.dbf')) continue;
      const label = (ext: string) => `${location}: ${stem}${ext}`;
      const table = !parts.has('.shp') && !!options.tables?.test(path.posix.basename(stem));
      if ((!parts.has('.shp') || !parts.has('.dbf')) && !table)
        throw new ImportInputError(
          `${label(parts.has('.shp') ? '.shp' : '.dbf')}: no ${path.posix.basename(stem)}${parts.has('.shp') ? '.dbf' : '.shp'} ` +
            'beside it in the zip (a shapefile is read from its .shp and .dbf together)',
        );
      const openPart = (ext: string) =>
        new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(parts.get(ext)!, (err, s) =>
            err ? reject(new ImportInputError(`${label(ext)}: ${err.message}`)) : resolve(s),
          ),
        );
      shapefiles.push({
        stem: path.posix.basename(stem),
        label,
        has: (ext) => parts.has(ext),
        open: openPart,
        async text(ext) {
          if (!parts.has(ext)) return undefined;
          const chunks: Buffer[] = [];
          for await (const c of await openPart(ext)) chunks.push(c as Buffer);
          return Buffer.concat(chunks).toString('utf8');
        },
      });
    }
    if (!shapefiles.length) {
      const found = all.map((e) => e.fileName);
      throw new ImportInputError(
        `${location}: no shapefile in it (found ${found.length ? found.slice(0, 8).join(', ') : 'nothing'}` +
          `${found.length > 8 ? ', ...' : ''}); a boundary zip holds a .shp and a .dbf`,
      );
    }
    const info = await stat(file);
    return {
      location,
      fingerprint: `${info.size}:${info.mtimeMs}`,
      size: info.size,
      shapefiles,
      close: async () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
