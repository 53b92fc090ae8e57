/**
 * What one Chromium print costs, split into the part every print pays and the part each piece
 * adds, for the bench's letter and two-sided pieces:
 *   node --import tsx bench/print-cost.ts [rounds=4]
 * One tab, prints one at a time. Each variant prints 1 piece alone (60 prints) and 12 pieces
 * sharing a print (15 prints), rounds turning the order. CPU is the whole process tree's (node
 * and every Chromium process, exited children included). From the two:
 *   per piece = (cpu(12) - cpu(1)) / 11, fixed = cpu(1) - per piece.
 * The bound it prints is the best pieces-per-second ratio to letters a kind could reach with
 * Chromium's work as it is: alone (every print carries one piece) and in full prints of 12.
 */

import { sidesToPdf } from '../src/engines/render/browser/sides-to-pdf.js';
import {
  BrowserPool,
  type LetterRenderInput,
  MAILPIECE_KINDS,
  type MailpieceRenderInput,
  PAGE_SIZES,
  type PageSize,
} from '../src/engines/render/index.js';
import { treeCpuMs } from './process-tree.js';
import { benchLetter, benchMailpiece } from './support/render-pieces.js';

const ROUNDS = Number(process.argv[2] ?? 4);
const FULL = 12;

interface Variant {
  name: string;
  size: PageSize;
  /** The HTML documents of piece i, a page each. */
  documents(i: number): string[];
}

function letterHtml(input: LetterRenderInput): string {
  if (input.content.kind !== 'html') throw new Error('the bench letter is HTML');
  return input.content.html;
}

function pieceSides(kind: 'postcard' | 'self_mailer', size: string, i: number): string[] {
  const { content } = benchMailpiece(kind, size, i).input as MailpieceRenderInput;
  if (content.kind !== 'html') throw new Error('bench pieces are HTML');
  return content.sides.map((side) => side.html);
}

const VARIANTS: Variant[] = [
  { name: 'letter', size: PAGE_SIZES.us_letter, documents: (i) => [letterHtml(benchLetter(i))] },
  {
    name: 'postcard 6x4',
    size: MAILPIECE_KINDS.postcard['6x4'].page,
    documents: (i) => pieceSides('postcard', '6x4', i),
  },
  {
    name: 'postcard 11x6',
    size: MAILPIECE_KINDS.postcard['11x6'].page,
    documents: (i) => pieceSides('postcard', '11x6', i),
  },
  {
    name: 'self mailer bifold',
    size: MAILPIECE_KINDS.self_mailer['8.5x11_bifold'].page,
    documents: (i) => pieceSides('self_mailer', '8.5x11_bifold', i),
  },
];

const pool = new BrowserPool({ size: 1 });
let next = 0;

/** Mean CPU and wall ms of one print of `pieces` pieces, after one print to set the tab up. */
async function measure(variant: Variant, pieces: number, prints: number): Promise<[number, number]> {
  const capacity = FULL * variant.documents(0).length;
  const print = () =>
    sidesToPdf(pool, Array.from({ length: pieces }, () => variant.documents(next++)).flat(), variant.size, {
      capacity,
    });
  await print();
  const cpu = treeCpuMs();
  const started = performance.now();
  for (let p = 0; p < prints; p++) await print();
  return [(treeCpuMs() - cpu) / prints, (performance.now() - started) / prints];
}

await pool.warm();
const samples = new Map<string, { alone: number[]; full: number[] }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of round % 2 ? [...VARIANTS].reverse() : VARIANTS) {
    const s = samples.get(variant.name) ?? { alone: [], full: [] };
    s.alone.push((await measure(variant, 1, 60))[0]);
    s.full.push((await measure(variant, FULL, 15))[0]);
    samples.set(variant.name, s);
  }
}
await pool.close();

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rows = VARIANTS.map((v) => {
  const s = samples.get(v.name);
  if (!s) throw new Error(`no samples for ${v.name}`);
  const alone = mean(s.alone);
  const full = mean(s.full);
  const perPiece = (full - alone) / (FULL - 1);
  return {
    v,
    alone,
    fullPerPiece: full / FULL,
    perPiece,
    perPage: perPiece / v.documents(0).length,
    fixed: alone - perPiece,
  };
});
const [letter] = rows;
console.log(`${ROUNDS} rounds; CPU ms of the process tree (node + Chromium)`);
console.log(
  'variant'.padEnd(20),
  'fixed/print',
  'per piece',
  'per page',
  ' alone/piece',
  'full/piece',
  ' bound alone',
  'bound full',
);
for (const r of rows) {
  console.log(
    r.v.name.padEnd(20),
    r.fixed.toFixed(1).padStart(11),
    r.perPiece.toFixed(1).padStart(9),
    r.perPage.toFixed(1).padStart(8),
    r.alone.toFixed(1).padStart(12),
    r.fullPerPiece.toFixed(1).padStart(10),
    `${(letter.alone / r.alone).toFixed(2)}x`.padStart(12),
    `${(letter.fullPerPiece / r.fullPerPiece).toFixed(2)}x`.padStart(10),
  );
}
