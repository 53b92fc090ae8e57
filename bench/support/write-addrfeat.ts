/**
 * A synthetic TIGER/Line ADDRFEAT shapefile for the street range bench: `segments` records in
 * the documented column layout, spread over Kentucky's ZIPs, each street a run of 100-number
 * blocks (left odd, right even) along a straight line of `vertices` points.
 */
import { reference } from '../../src/engines/address/index.js';
import { type Feature, writeShapefile } from './write-shapefile.js';

export const ADDRFEAT_FIELDS: Array<[string, number]> = [
  ['TLID', 10],
  ['TFIDL', 10],
  ['TFIDR', 10],
  ['ARIDL', 22],
  ['ARIDR', 22],
  ['LINEARID', 22],
  ['FULLNAME', 100],
  ['LFROMHN', 12],
  ['LTOHN', 12],
  ['RFROMHN', 12],
  ['RTOHN', 12],
  ['ZIPL', 5],
  ['ZIPR', 5],
  ['EDGE_MTFCC', 5],
  ['ROAD_MTFCC', 5],
  ['PARITYL', 1],
  ['PARITYR', 1],
  ['PLUS4L', 4],
  ['PLUS4R', 4],
  ['LFROMTYP', 1],
  ['LTOTYP', 1],
  ['RFROMTYP', 1],
  ['RTOTYP', 1],
  ['OFFSETL', 1],
  ['OFFSETR', 1],
];

const TYPES = ['St', 'Ave', 'Rd', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl', 'Pike'];
const WORDS = [
  'Oak',
  'Maple',
  'Cedar',
  'Elm',
  'Ash',
  'Birch',
  'Walnut',
  'Cherry',
  'Hickory',
  'Poplar',
  'Willow',
];
const DIRS = ['', '', '', 'N ', 'S ', 'E ', 'W '];

/** Kentucky's ZIPs of the bundled table, sorted (the synthetic county's). */
export function kentuckyZips(): string[] {
  const zips: string[] = [];
  for (let z = 40003; z < 42800; z++) {
    const zip = String(z).padStart(5, '0');
    if (reference.zip(zip)?.state === 'KY') zips.push(zip);
  }
  return zips;
}

const SYLLABLES = [
  'ba',
  'ce',
  'di',
  'fo',
  'gu',
  'ha',
  'ke',
  'li',
  'mo',
  'nu',
  'pa',
  're',
  'si',
  'to',
  'vu',
  'wa',
];

/** n as a made-up word ("Bace"): synthetic names must be words, since a number inside a name reads as something else. */
function word(n: number): string {
  let w = '';
  do {
    w += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return w[0].toUpperCase() + w.slice(1);
}

/** The FULLNAME of synthetic street n, as TIGER writes them ("N Oak Bace Rd"). */
export const streetName = (n: number) =>
  `${DIRS[n % DIRS.length]}${WORDS[n % WORDS.length]} ${word(Math.floor(n / WORDS.length))} ${TYPES[n % TYPES.length]}`;

export interface SyntheticLayout {
  zips: string[];
  streetsPerZip: number;
  blocksPerStreet: number;
}

export function layout(segments: number, blocksPerStreet = 10): SyntheticLayout {
  const zips = kentuckyZips();
  return { zips, blocksPerStreet, streetsPerZip: Math.ceil(segments / zips.length / blocksPerStreet) };
}

/** Where a block of street s in ZIP z starts and runs (degrees), `vertices` points along it. */
export function blockLine(zipIndex: number, street: number, block: number, vertices: number): number[] {
  const x = -89 + (zipIndex % 60) * 0.1 + (street % 30) * 0.003;
  const y = 36.6 + Math.floor(zipIndex / 60) * 0.15 + Math.floor(street / 30) * 0.003 + block * 0.001;
  const line: number[] = [];
  for (let i = 0; i < vertices; i++)
    line.push(x + (i * 0.001) / (vertices - 1), y + (i * 0.0002) / (vertices - 1));
  return line;
}

function* features(segments: number, shape: SyntheticLayout, vertices: number): Generator<Feature> {
  let n = 0;
  for (let s = 0; n < segments; s++)
    for (let z = 0; z < shape.zips.length && n < segments; z++)
      for (let b = 0; b < shape.blocksPerStreet && n < segments; b++, n++) {
        const zip = shape.zips[z];
        const from = (b + 1) * 100;
        const tlid = String(100000000 + n);
        yield {
          rings: [blockLine(z, s, b, vertices)],
          values: [
            tlid,
            '',
            '',
            `4${tlid}L`,
            `4${tlid}R`,
            `1${z}x${s}`,
            streetName(s + (z % 50) * 1000),
            String(from + 1),
            String(from + 99),
            String(from),
            String(from + 98),
            zip,
            zip,
            'S1400',
            'S1400',
            'O',
            'E',
            '',
            '',
            '',
            '',
            '',
            '',
            'N',
            'N',
          ],
        };
      }
}

/** Writes `${dir}/tl_2024_21999_addrfeat.{shp,dbf,cpg}`: a Kentucky county of `segments` segments. */
export async function writeAddrfeat(stem: string, segments: number, vertices = 4): Promise<SyntheticLayout> {
  const shape = layout(segments);
  await writeShapefile(stem, ADDRFEAT_FIELDS, features(segments, shape, vertices), segments, 3);
  return shape;
}
