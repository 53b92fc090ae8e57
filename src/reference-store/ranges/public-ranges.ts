/**
 * The Census Bureau's TIGER/Line address range files the importer reads, for `postroom data
 * sources` (details in docs/data-sources.md and docs/verification.md, "Street ranges").
 */
const BASE = 'https://www2.census.gov/geo/tiger/TIGER{YYYY}';

export function formatRangeSources(): string {
  return [
    'US Census Bureau TIGER/Line Shapefiles, address ranges (ADDRFEAT: streets confirmed where no address points were imported)',
    '  covers:  the United States, Puerto Rico and the island areas; one file per county (SSCCC = state + county FIPS, 21111 Jefferson County, KY)',
    '  format:  a zip of .shp .shx .dbf .prj .cpg (street lines with LFROMHN/LTOHN/RFROMHN/RTOHN, ZIPL/ZIPR, PARITYL/PARITYR; NAD83 degrees, UTF-8)',
    '  licence: US government work, public domain (no copyright in the US); the Census Bureau gives no warranty. Cite "U.S. Census Bureau, TIGER/Line Shapefiles"',
    '  fetch:   https://www.census.gov/geographies/mapping-files/time-series/geo/tiger-line-file.html, or the release folders:',
    `    ${BASE}/ADDRFEAT/tl_{YYYY}_SSCCC_addrfeat.zip   the ranges (required)`,
    `    ${BASE}/ADDRFN/tl_{YYYY}_SSCCC_addrfn.zip       alternate names of the ranges (optional, with FEATNAMES)`,
    `    ${BASE}/FEATNAMES/tl_{YYYY}_SSCCC_featnames.zip the names ADDRFN refers to`,
    '  import:  postroom data import tl_2024_21111_addrfeat.zip [tl_2024_21111_addrfn.zip tl_2024_21111_featnames.zip]   (or a folder of them, or the URL)',
  ].join('\n');
}
