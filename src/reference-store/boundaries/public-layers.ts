import { TIGER_LAYERS } from './tiger-layers.js';

/**
 * The Census Bureau's TIGER/Line boundary layers the importer reads, for `postroom data
 * sources` (details in docs/data-sources.md and docs/verification.md).
 */
const BASE = 'https://www2.census.gov/geo/tiger/TIGER{YYYY}';

/** Folder and file name of each layer in a TIGER/Line release; SS is a state's FIPS code ("21"). */
const FILES: Record<string, { folder: string; file: string; fills: string }> = {
  county: { folder: 'COUNTY', file: 'tl_{YYYY}_us_county.zip', fills: 'usCensusFIPS, county, countyNum' },
  tract: { folder: 'TRACT', file: 'tl_{YYYY}_SS_tract.zip', fills: 'usCensusTractNumber (and the FIPS)' },
  block: {
    folder: 'TABBLOCK20',
    file: 'tl_{YYYY}_SS_tabblock20.zip',
    fills: 'usCensusBlockNumber (and the tract and FIPS)',
  },
  cd: {
    folder: 'CD',
    file: 'tl_{YYYY}_SS_cd119.zip (the Congress in the name: cd118, cd119)',
    fills: 'usCongressionalDistrictNumber (over the ZCTA table)',
  },
  sldu: { folder: 'SLDU', file: 'tl_{YYYY}_SS_sldu.zip', fills: 'usStateLegislativeUpper' },
  sldl: { folder: 'SLDL', file: 'tl_{YYYY}_SS_sldl.zip', fills: 'usStateLegislativeLower' },
  cbsa: {
    folder: 'CBSA',
    file: 'tl_{YYYY}_us_cbsa.zip',
    fills: 'usCensusMSA, usCensusMA (metropolitan ones)',
  },
  csa: { folder: 'CSA', file: 'tl_{YYYY}_us_csa.zip', fills: 'usCensusCMSA' },
  metdiv: { folder: 'METDIV', file: 'tl_{YYYY}_us_metdiv.zip', fills: 'usCensusPMSA' },
  place: { folder: 'PLACE', file: 'tl_{YYYY}_SS_place.zip', fills: '(no answer field: indexed only)' },
};

export function formatBoundarySources(): string {
  const rows = TIGER_LAYERS.map((l) => {
    const f = FILES[l.id];
    return `  ${l.label}\n    ${BASE}/${f.folder}/${f.file}\n    fills: ${f.fills}`;
  });
  return [
    'US Census Bureau TIGER/Line Shapefiles (boundaries: census and legislative fields of verified addresses)',
    '  covers:  the United States, Puerto Rico and the island areas; one file per layer, national (us) or per state (SS = state FIPS)',
    '  format:  a zip of .shp .shx .dbf .prj .cpg (NAD83 longitude/latitude, UTF-8); imported as downloaded: a zip, a folder of zips, or its URL',
    '  licence: US government work, public domain (no copyright in the US); the Census Bureau gives no warranty. Cite "U.S. Census Bureau, TIGER/Line Shapefiles"',
    '  fetch:   https://www.census.gov/geographies/mapping-files/time-series/geo/tiger-line-file.html, or the release folders:',
    ...rows,
    '  import:  postroom data import tl_2024_21_tract.zip   (or a folder of them, or the URL)',
  ].join('\n');
}
