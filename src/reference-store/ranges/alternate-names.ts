import { streetKey } from '../../engines/address/verify/reference-point.js';
import { referenceStreet } from '../../engines/address/verify/street-form.js';
import { DbfReader } from '../boundaries/dbf.js';
import type { ShapefileParts } from '../boundaries/sources.js';
import { ImportInputError } from '../import/import-errors.js';
import type { AlternateName } from './ranges-import.repo.js';

/**
 * Alternate names of address ranges, as the TIGER/Line technical documentation relates them:
 * the Address Range-Feature Name Relationship File (ADDRFN, tl_YYYY_SSCCC_addrfn.dbf: ARID, the
 * address range, and LINEARID, a linear feature whose name the range carries) and the Feature
 * Names Relationship File (FEATNAMES, tl_YYYY_SSCCC_featnames.dbf: per edge TLID and linear
 * feature LINEARID its FULLNAME, PAFLAG P primary / A alternate). A range's names are the
 * FULLNAMEs of the LINEARIDs ADDRFN gives its ARID; ADDRFEAT's own FULLNAME is the primary one.
 * Both files of a county are needed: ADDRFN holds ids only.
 */
export const ADDRFN_COLUMNS = ['ARID', 'LINEARID'] as const;
export const FEATNAMES_COLUMNS = ['LINEARID', 'FULLNAME'] as const;

function needColumns(file: string, dbf: DbfReader, names: readonly string[], layer: string): void {
  const missing = names.filter((n) => !dbf.field(n));
  if (missing.length)
    throw new ImportInputError(
      `${file}: wrong columns for a TIGER/Line ${layer} file: no ${missing.join(', ')} ` +
        `(its columns: ${dbf.fields.map((f) => f.name).join(', ')})`,
    );
}

async function openDbf(parts: ShapefileParts): Promise<DbfReader> {
  return DbfReader.open(await parts.open('.dbf'), parts.label('.dbf'), await parts.text('.cpg'));
}

/** LINEARID -> FULLNAME (the first row of each id: every edge of a feature carries its one name). */
async function featureNames(parts: ShapefileParts): Promise<Map<string, string>> {
  const dbf = await openDbf(parts);
  try {
    needColumns(parts.label('.dbf'), dbf, FEATNAMES_COLUMNS, 'FEATNAMES');
    const id = dbf.field('LINEARID')!;
    const name = dbf.field('FULLNAME')!;
    const out = new Map<string, string>();
    for (let row = await dbf.next(); row; row = await dbf.next()) {
      if (row.deleted) continue;
      const linear = dbf.text(row.raw, id);
      const full = dbf.text(row.raw, name);
      if (linear && full && !out.has(linear)) out.set(linear, full);
    }
    return out;
  } finally {
    await dbf.close().catch(() => {});
  }
}

/**
 * A county's alternate names: every (ARID, name) of its ADDRFN, named through its FEATNAMES,
 * standardized with the verifier's own street standardizer. Ids FEATNAMES does not name are
 * passed over (counted).
 */
export async function alternateNames(
  addrfn: ShapefileParts,
  featnames: ShapefileParts,
): Promise<{ names: AlternateName[]; unnamed: number }> {
  const byLinear = await featureNames(featnames);
  const dbf = await openDbf(addrfn);
  try {
    needColumns(addrfn.label('.dbf'), dbf, ADDRFN_COLUMNS, 'ADDRFN');
    const arid = dbf.field('ARID')!;
    const linear = dbf.field('LINEARID')!;
    const seen = new Set<string>();
    const names: AlternateName[] = [];
    let unnamed = 0;
    for (let row = await dbf.next(); row; row = await dbf.next()) {
      if (row.deleted) continue;
      const range = dbf.text(row.raw, arid);
      const full = byLinear.get(dbf.text(row.raw, linear));
      if (!range) continue;
      if (!full) {
        unnamed++;
        continue;
      }
      const street = referenceStreet(full);
      const key = streetKey(street);
      if (seen.has(`${range}|${key}`)) continue;
      seen.add(`${range}|${key}`);
      names.push({ arid: range, street, key });
    }
    return { names, unnamed };
  } finally {
    await dbf.close().catch(() => {});
  }
}
