import type { LayerId } from '../../engines/address/geography/layers.js';
import { ImportInputError } from '../import/import-errors.js';
import type { DbfReader } from './dbf.js';

/**
 * The TIGER/Line boundary layers the importer reads, as the Census Bureau's TIGER/Line
 * Shapefiles Technical Documentation defines their files (tl_YYYY_SS_layer, SS a state FIPS
 * or "us") and attribute columns.
 */
export interface TigerLayer {
  id: LayerId;
  /** The Census's name for the layer. */
  label: string;
  /** The layer part of the file name ("tabblock20", "cd119"). */
  filePart: RegExp;
  /** One file for the country (CBSA, CSA, METDIV, COUNTY), else one per state (CD: either). */
  national: boolean;
  /** Columns it must have (TABBLOCK20's carry the suffix 20; `CDnnnFP` is any session's). */
  required: string[];
  /** The column holding the layer's code. */
  code: string;
  /** The load unit an area belongs to (migrations/0058). */
  group: 'county' | 'state' | 'area';
}

export const TIGER_LAYERS: readonly TigerLayer[] = [
  {
    id: 'county',
    label: 'COUNTY (counties and equivalents)',
    filePart: /^county$/,
    national: true,
    required: ['STATEFP', 'COUNTYFP'],
    code: 'COUNTYFP',
    group: 'state',
  },
  {
    id: 'tract',
    label: 'TRACT (census tracts)',
    filePart: /^tract$/,
    national: false,
    required: ['STATEFP', 'COUNTYFP', 'TRACTCE'],
    code: 'TRACTCE',
    group: 'county',
  },
  {
    id: 'block',
    label: 'TABBLOCK20 (2020 census blocks)',
    filePart: /^tabblock20$/,
    national: false,
    required: ['STATEFP20', 'COUNTYFP20', 'TRACTCE20', 'BLOCKCE20'],
    code: 'BLOCKCE20',
    group: 'county',
  },
  {
    id: 'cd',
    label: 'CD (congressional districts, e.g. cd119)',
    filePart: /^cd\d{3}$/,
    national: false,
    required: ['STATEFP', 'CDnnnFP'],
    code: 'CDnnnFP',
    group: 'state',
  },
  {
    id: 'sldu',
    label: 'SLDU (state legislative districts, upper chamber)',
    filePart: /^sldu$/,
    national: false,
    required: ['STATEFP', 'SLDUST'],
    code: 'SLDUST',
    group: 'state',
  },
  {
    id: 'sldl',
    label: 'SLDL (state legislative districts, lower chamber)',
    filePart: /^sldl$/,
    national: false,
    required: ['STATEFP', 'SLDLST'],
    code: 'SLDLST',
    group: 'state',
  },
  {
    id: 'cbsa',
    label: 'CBSA (metropolitan and micropolitan statistical areas)',
    filePart: /^cbsa$/,
    national: true,
    required: ['CBSAFP', 'LSAD'],
    code: 'CBSAFP',
    group: 'area',
  },
  {
    id: 'csa',
    label: 'CSA (combined statistical areas)',
    filePart: /^csa$/,
    national: true,
    required: ['CSAFP'],
    code: 'CSAFP',
    group: 'area',
  },
  {
    id: 'metdiv',
    label: 'METDIV (metropolitan divisions)',
    filePart: /^metdiv$/,
    national: true,
    required: ['CBSAFP', 'METDIVFP'],
    code: 'METDIVFP',
    group: 'area',
  },
  {
    id: 'place',
    label: 'PLACE (incorporated places and census designated places)',
    filePart: /^place$/,
    national: false,
    required: ['STATEFP', 'PLACEFP'],
    code: 'PLACEFP',
    group: 'state',
  },
];

const byId = new Map(TIGER_LAYERS.map((l) => [l.id, l]));
export const tigerLayer = (id: LayerId): TigerLayer => byId.get(id)!;

/** What a TIGER/Line file name says: tl_2024_21_tract -> tract of state 21, 2024. */
export interface TigerName {
  layer: TigerLayer;
  year: string;
  /** "21", or "us" for a national file. */
  scope: string;
}

const TIGER_NAME = /^tl_(\d{4})_(us|\d{2})_([a-z0-9]+)$/;

export function tigerName(stem: string): TigerName | undefined {
  const m = TIGER_NAME.exec(stem.toLowerCase());
  if (!m) return undefined;
  const layer = TIGER_LAYERS.find((l) => l.filePart.test(m[3]));
  return layer ? { layer, year: m[1], scope: m[2] } : undefined;
}

/** A file named like a TIGER/Line file of a layer the importer does not read ("tl_2024_us_zcta520"). */
export const looksLikeTiger = (stem: string) => TIGER_NAME.test(stem.toLowerCase());

/** The layer the columns belong to, most specific first (a county file also has CBSAFP and CSAFP). */
export function layerFromColumns(names: ReadonlySet<string>): TigerLayer | undefined {
  const has = (n: string) => names.has(n);
  const hasCd = [...names].some((n) => /^CD\d{3}FP$/.test(n));
  if (has('BLOCKCE20')) return tigerLayer('block');
  if (has('TRACTCE')) return tigerLayer('tract');
  if (has('COUNTYFP')) return tigerLayer('county');
  if (hasCd) return tigerLayer('cd');
  if (has('SLDUST')) return tigerLayer('sldu');
  if (has('SLDLST')) return tigerLayer('sldl');
  if (has('PLACEFP')) return tigerLayer('place');
  if (has('METDIVFP')) return tigerLayer('metdiv');
  if (has('CBSAFP')) return tigerLayer('cbsa');
  if (has('CSAFP')) return tigerLayer('csa');
  return undefined;
}

/** One area's columns, as the store keeps them. */
export interface AreaColumns {
  geoid: string;
  grp: string;
  code: string;
  statefp: string | null;
  countyfp: string | null;
  tractce: string | null;
  lsad: string | null;
  name: string | null;
}

/** Reads a layer's columns from a .dbf record; a reason (for the summary) when one it needs is blank. */
export type AreaReader = (raw: Buffer) => AreaColumns | string;

/**
 * The layer of a .dbf (from the file name and the columns, which must agree) and a reader of
 * its records. Errors name the file and what is wrong.
 */
export function layerOfFile(
  file: string,
  stem: string,
  dbf: DbfReader,
): { layer: TigerLayer; read: AreaReader } {
  const names = new Set(dbf.fields.map((f) => f.name));
  const named = tigerName(stem)?.layer;
  const fromColumns = layerFromColumns(names);
  const columns = [...names].join(', ');
  if (!named && !fromColumns)
    throw new ImportInputError(
      `${file}: not a TIGER/Line boundary layer the importer reads (its columns: ${columns}); ` +
        `it reads ${TIGER_LAYERS.map((l) => l.label.split(' ')[0]).join(', ')}`,
    );
  const layer = named ?? fromColumns!;
  const column = (n: string) =>
    n === 'CDnnnFP' ? dbf.fields.find((f) => /^CD\d{3}FP$/.test(f.name)) : dbf.field(n);
  const missing = layer.required.filter((n) => !column(n));
  if (missing.length)
    throw new ImportInputError(
      `${file}: wrong columns for a TIGER/Line ${layer.label.split(' ')[0]} file: no ${missing.join(', ')} ` +
        `(its columns: ${columns})`,
    );
  if (named && fromColumns && fromColumns.id !== named.id)
    throw new ImportInputError(
      `${file}: the name says ${named.label.split(' ')[0]} but the columns are a ${fromColumns.label.split(' ')[0]} file's`,
    );
  return { layer, read: areaReader(layer, dbf, column) };
}

function areaReader(
  layer: TigerLayer,
  dbf: DbfReader,
  column: (n: string) => ReturnType<DbfReader['field']>,
): AreaReader {
  const suffix = layer.id === 'block' ? '20' : '';
  const get = (n: string) => {
    const f = column(n + suffix) ?? column(n);
    return f ? (raw: Buffer) => dbf.text(raw, f) : () => '';
  };
  const code = get(layer.code === 'BLOCKCE20' ? 'BLOCKCE' : layer.code);
  const state = get('STATEFP');
  const county = get('COUNTYFP');
  const tract = get('TRACTCE');
  const geoidColumn = get('GEOID');
  const lsad = get('LSAD');
  const name = layer.id === 'county' ? get('NAME') : column('NAMELSAD') ? get('NAMELSAD') : get('NAME');
  const cbsa = get('CBSAFP');
  const hasState = layer.required.some((r) => r.startsWith('STATEFP'));
  const hasCounty = layer.required.some((r) => r.startsWith('COUNTYFP'));
  const hasTract = layer.id === 'tract' || layer.id === 'block';
  return (raw) => {
    const c = code(raw);
    if (!c) return `without ${layer.code}`;
    const s = hasState ? state(raw) : '';
    if (hasState && !s) return 'without STATEFP';
    const k = hasCounty ? county(raw) : '';
    if (hasCounty && !k) return 'without COUNTYFP';
    const t = hasTract ? tract(raw) : '';
    if (hasTract && !t) return 'without TRACTCE';
    const geoid = geoidColumn(raw) || ownGeoid(layer.id, s, k, t, c, cbsa(raw));
    const grp = layer.group === 'county' ? s + k : layer.group === 'state' ? s : geoid;
    return {
      geoid,
      grp,
      code: c,
      statefp: s || null,
      countyfp: k || null,
      tractce: t || null,
      lsad: lsad(raw) || null,
      name: name(raw) || null,
    };
  };
}

/** GEOID as the Census builds it, for a file without the column. */
function ownGeoid(
  layer: LayerId,
  state: string,
  county: string,
  tract: string,
  code: string,
  cbsa: string,
): string {
  switch (layer) {
    case 'tract':
      return state + county + code;
    case 'block':
      return state + county + tract + code;
    case 'cbsa':
    case 'csa':
      return code;
    case 'metdiv':
      return cbsa + code;
    default:
      return state + code;
  }
}
