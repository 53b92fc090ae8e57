/**
 * Memory over a long run: renders `letters` one-page letters through a pool of 3 tabs (6 in
 * flight) and prints the process tree's PSS every 10 s, to show it levels off.
 *   node --import tsx bench/render-soak.ts [letters=1500]
 */
import { BrowserPool, createAssetFetcher, renderLetter } from '../src/engines/render/index.js';
import { startMemorySampler } from './process-tree.js';

const total = Number(process.argv[2] ?? 1500);
const pool = new BrowserPool({ size: 3 });
const deps = { pool, fetchAsset: createAssetFetcher(false) };
const to = {
  firstName: 'Ada',
  addressLine1: '1 Main St',
  city: 'Springfield',
  provinceOrState: 'IL',
  postalOrZip: '62701',
  countryCode: 'US',
};
const html = (i: number) =>
  `<body style="margin:0"><div style="padding:4in 1in">${`<p>Letter ${i}: some text for the page.</p>`.repeat(10)}</div></body>`;

let done = 0;
let next = 0;
const started = performance.now();
const pss = () => startMemorySampler().stop().pssMb;
const line = () => {
  const rate = (done / (performance.now() - started)) * 1000;
  const heap = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  console.log(
    `${String(done).padStart(5)} letters  ${rate.toFixed(1)}/s  PSS ${pss()} MB  node heap ${heap} MB`,
  );
};
const timer = setInterval(line, 10_000);
await Promise.all(
  Array.from({ length: 6 }, async () => {
    while (next < total) {
      const i = next++;
      const content = { kind: 'html' as const, html: html(i) };
      await renderLetter(
        {
          size: 'us_letter',
          content,
          to,
          addressPlacement: 'top_first_page',
          doubleSided: false,
          color: false,
        },
        deps,
      );
      done++;
    }
  }),
);
clearInterval(timer);
line();
await pool.close();
