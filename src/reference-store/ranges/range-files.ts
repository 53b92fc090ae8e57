import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { US_STATES } from '../../engines/address/tables/us-states.js';
import { DbfReader } from '../boundaries/dbf.js';
import { boundarySources, type ShapefileParts } from '../boundaries/sources.js';
import { ImportInputError } from '../import/import-errors.js';
import { isUrl } from '../import/source-input.js';
import { hasAddrfeatColumns } from './addrfeat.js';

/**
 * Which TIGER/Line address range files a location holds. The Census publishes them per county:
 * tl_YYYY_SSCCC_addrfeat.zip (the range features: .shp .shx .dbf .prj .cpg), and the
 * relationship tables tl_YYYY_SSCCC_addrfn.zip and tl_YYYY_SSCCC_featnames.zip (a .dbf each).
 */
export type RangeFileKind = 'addrfeat' | 'addrfn' | 'featnames';

const RANGE_NAME = /^tl_(\d{4})_(\d{2})(\d{3})_(addrfeat|addrfn|featnames)$/i;
/** Stems that come as a .dbf alone (sources.ts takes them without a .shp). */
export const RELATION_TABLES = /^tl_\d{4}_\d{5}_(addrfn|featnames)$/i;

export interface RangeFileName {
  year: string;
  /** State and county FIPS: "21111". */
  county: string;
  /** The state's USPS code ("KY"), when the FIPS is a state's. */
  state?: string;
  kind: RangeFileKind;
}

const STATE_BY_FIPS = new Map(US_STATES.flatMap((s) => (s.fips ? [[s.fips, s.code] as const] : [])));

/** What a Census file name says: tl_2024_21111_addrfeat -> ADDRFEAT of county 21111 (KY), 2024. */
export function rangeFileName(stem: string): RangeFileName | undefined {
  const m = RANGE_NAME.exec(stem);
  if (!m) return undefined;
  const state = STATE_BY_FIPS.get(m[2]);
  return {
    year: m[1],
    county: m[2] + m[3],
    ...(state ? { state } : {}),
    kind: m[4].toLowerCase() as RangeFileKind,
  };
}

const NAMED = /(^|[\\/])tl_\d{4}_\d{5}_(addrfeat|addrfn|featnames)(\.zip|\.shp|\.dbf)?$/i;

/**
 * Whether a location is address ranges rather than boundaries (for `postroom data import`): a
 * Census-named range file, URL or folder of them, or a shapefile whose .dbf has ADDRFEAT's columns.
 */
export async function isAddressRangeLocation(location: string): Promise<boolean> {
  if (isUrl(location)) return NAMED.test(new URL(location).pathname);
  if (NAMED.test(location)) return true;
  const info = await stat(location).catch(() => undefined);
  if (!info) return false;
  if (info.isDirectory() && (await readdir(location)).some((n) => NAMED.test(n))) return true;
  if (!info.isDirectory() && !/\.(zip|shp|dbf)$/i.test(location)) return false;
  const sources = await boundarySources([location]).catch(() => []);
  try {
    for (const source of sources)
      for (const parts of source.shapefiles) if ((await kindOf(parts)) === 'addrfeat') return true;
    return false;
  } catch {
    return false;
  } finally {
    await Promise.all(sources.map((s) => s.close().catch(() => {})));
  }
}

/**
 * The kind of a shapefile or table: from its Census name, else from its .dbf columns (ADDRFEAT's,
 * ADDRFN's ARID and LINEARID, FEATNAMES' LINEARID, FULLNAME and PAFLAG); undefined for anything else.
 */
export async function kindOf(parts: ShapefileParts): Promise<RangeFileKind | undefined> {
  const named = rangeFileName(parts.stem);
  if (named) return named.kind;
  const dbf = await DbfReader.open(await parts.open('.dbf'), parts.label('.dbf'));
  try {
    if (hasAddrfeatColumns(dbf)) return 'addrfeat';
    if (dbf.field('ARID') && dbf.field('LINEARID') && !dbf.field('FULLNAME')) return 'addrfn';
    if (dbf.field('LINEARID') && dbf.field('FULLNAME') && dbf.field('PAFLAG')) return 'featnames';
    return undefined;
  } finally {
    await dbf.close().catch(() => {});
  }
}

export interface RangeFile {
  parts: ShapefileParts;
  kind: RangeFileKind;
  /** From the Census name; a file named otherwise has none (it adds and updates only). */
  name?: RangeFileName;
}

/** Every shapefile of the sources with its kind; anything that is not a range file is refused, named. */
export async function rangeFiles(shapefiles: ShapefileParts[]): Promise<RangeFile[]> {
  const out: RangeFile[] = [];
  for (const parts of shapefiles) {
    const kind = await kindOf(parts);
    if (!kind)
      throw new ImportInputError(
        `${parts.label('.dbf')}: not a TIGER/Line address range file (ADDRFEAT, or ADDRFN with FEATNAMES)`,
      );
    if (kind === 'addrfeat' && !parts.has('.shp'))
      throw new ImportInputError(
        `${parts.label('.dbf')}: no ${path.basename(parts.stem)}.shp beside it (a shapefile is read from its .shp and .dbf together)`,
      );
    const name = rangeFileName(parts.stem);
    out.push({ parts, kind, ...(name ? { name } : {}) });
  }
  return out;
}

/**
 * Each ADDRFN with its county's FEATNAMES (the names ADDRFN's ids stand for); an ADDRFN without
 * one is refused, naming it. FEATNAMES without an ADDRFN are passed over (returned apart).
 */
export function pairRelations(files: RangeFile[]): {
  pairs: Array<{ addrfn: RangeFile; featnames: RangeFile; county: string }>;
  unpaired: RangeFile[];
} {
  const countyOf = (f: RangeFile) => f.name?.county ?? '';
  const featnames = new Map(files.filter((f) => f.kind === 'featnames').map((f) => [countyOf(f), f]));
  const pairs = [];
  for (const addrfn of files.filter((f) => f.kind === 'addrfn')) {
    const names = featnames.get(countyOf(addrfn));
    if (!names)
      throw new ImportInputError(
        `${addrfn.parts.label('.dbf')}: ADDRFN gives each address range the ids of its names (LINEARID); ` +
          `the names are in the county's FEATNAMES file: import ${addrfn.name ? `tl_${addrfn.name.year}_${addrfn.name.county}_featnames.zip` : 'its FEATNAMES file'} with it`,
      );
    featnames.delete(countyOf(addrfn));
    pairs.push({ addrfn, featnames: names, county: countyOf(addrfn) });
  }
  return { pairs, unpaired: [...featnames.values()] };
}
