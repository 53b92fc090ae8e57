import type { CommandGroup, CommandSpec } from '../command-spec.js';

export const DATA: CommandGroup = {
  name: 'data',
  summary: 'reference data: address points and boundaries the verifier reads',
};

const load = () => import('../data-import.js').then((m) => m.dataCommand);

export const DATA_IMPORT: CommandSpec = {
  path: ['data', 'import'],
  args: [{ name: 'FILE|URL', required: true, many: true }],
  summary:
    'loads reference address points (OpenAddresses, NAD; plain, .gz or .zip) or TIGER/Line boundaries; safe to re-run',
  details:
    'Address points: OpenAddresses CSV or GeoJSON lines, NAD text, any CSV with --map; plain, .gz\n' +
    'or .zip; a file or an http(s) URL (streamed). The format is sniffed from the first line; columns are\n' +
    'found by name in any case (number, street, unit, city, district, region or state, postcode\n' +
    'or zip, lat or latitude, lon or longitude, id). Every point is keyed by its address, so a\n' +
    're-run adds nothing; an interrupted run resumes after the rows it stored.\n' +
    'TIGER/Line shapefiles (tl_2024_21_tract.zip, a folder of them, .shp/.dbf parts, several at\n' +
    'once, or the URL) go to the boundary importer: counties, tracts, blocks, districts, CBSAs...\n' +
    "(docs/verification.md). TIGER/Line address ranges (a county's tl_2024_21111_addrfeat.zip, with\n" +
    'its _addrfn.zip and _featnames.zip for alternate names; folders, parts, URLs) go to the range\n' +
    'importer: streets confirmed where no points were imported (docs/verification.md, "Street ranges").\n' +
    'The summary accounts for every row read: new points, points already\n' +
    'stored, repeats of an address earlier in the file, and rows skipped, by reason.',
  flags: [
    {
      name: 'format',
      choices: ['csv', 'geojson', 'nad', 'shapefile', 'addrfeat'],
      default: 'sniffed from the first line (shapefiles: from the name)',
      about: 'read the source as this',
    },
    {
      name: 'country',
      value: 'CC',
      default: "the OpenAddresses path (us/ky/...), US for NAD, else US or Canada by each record's postcode",
      about: 'the country of records that do not say (code or name)',
    },
    {
      name: 'region',
      value: 'R',
      default: "each record's own, else the OpenAddresses path",
      about: 'the state or province of records without one',
    },
    {
      name: 'map',
      value: 'SPEC',
      default: 'columns found by name',
      about:
        'which columns make each field, for a CSV of another layout: FIELD=COLUMN[+COLUMN...]\n' +
        'separated by commas, columns joined with a space; fields: number, street, unit, city,\n' +
        'district, region, postcode, lat, lon, id (number, street, lat and lon are needed)',
    },
    {
      name: 'source',
      value: 'NAME',
      default: 'the file name',
      about: 'the name kept with every point (address_points.source)',
    },
    {
      name: 'allow-private',
      default: 'off, unless POSTROOM_ALLOW_PRIVATE_URLS=true',
      about: 'allow a URL on a private, loopback or link-local address (your own network)',
    },
    { name: 'max-bytes', value: 'N', default: '68719476736 (64 GB)', about: 'largest download' },
    { name: 'timeout', value: 'S', default: '86400 (24 h)', about: 'seconds the whole download may take' },
    {
      name: 'no-resume',
      default: 'resume an interrupted run of the same unchanged source',
      about: 'read and process every row again (still adding nothing twice)',
    },
  ],
  database: true,
  env: [{ name: 'POSTROOM_ALLOW_PRIVATE_URLS', about: 'true: every run may fetch from private addresses' }],
  examples: [
    {
      command: 'postroom data import us/ky/jefferson.csv',
      about: 'an OpenAddresses CSV (US, KY from its path)',
    },
    {
      command:
        "postroom data import sf-eas.csv --map 'number=number+number_suffix,street=street_name+street_type,unit=unit,city=city,region=state,postcode=postcode,lat=lat,lon=lon'",
      about:
        'DataSF\'s address export: the number is its number and number_suffix columns ("1516" "A" -> 1516 A),\n' +
        'the street its street_name and street_type ("FOLSOM" "ST" -> FOLSOM ST); one argument, no spaces',
    },
    {
      command: 'postroom data import NAD_r19_TXT.zip',
      about: 'the National Address Database release, as downloaded',
    },
    {
      command: 'postroom data import https://www2.census.gov/geo/tiger/TIGER2024/TRACT/tl_2024_21_tract.zip',
    },
    {
      command:
        'postroom data import tl_2024_21111_addrfeat.zip tl_2024_21111_addrfn.zip tl_2024_21111_featnames.zip',
      about: "a county's street address ranges with their alternate names",
    },
  ],
  load,
};

export const DATA_SOURCES: CommandSpec = {
  path: ['data', 'sources'],
  summary:
    'public address-point sources that work with the importer, how to fetch them (--runs: recent imports)',
  flags: [
    {
      name: 'runs',
      default: 'the sources',
      about: 'the latest imports instead: when, how they ended, rows read, new points',
    },
  ],
  examples: [{ command: 'postroom data sources' }, { command: 'postroom data sources --runs' }],
  load,
};
