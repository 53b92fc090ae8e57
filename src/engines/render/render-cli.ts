/**
 * Renders one order from files through renderJob() and prints every stage, for looking at
 * what the engine does:
 *   node --import tsx src/engines/render/render-cli.ts content.html out.pdf \
 *     [--vars vars.json] [--to to.json] [--from from.json | --no-from] [--size a4] \
 *     [--placement insert_blank_page] [--double-sided] [--attach a.pdf --before] [--allow-private] \
 *     [--card front.html [--card back.html]]
 *   node --import tsx src/engines/render/render-cli.ts --kind postcard [--size 6x4] \
 *     front.html back.html out.pdf [--vars vars.json] [--to to.json] [--from from.json | --no-from]
 *   node --import tsx src/engines/render/render-cli.ts --kind self_mailer [--size 8.5x11_trifold] \
 *     inside.html outside.html out.pdf [...]   (snap packs: --kind snap_pack)
 * Content ending in .pdf is taken as an uploaded PDF (for a postcard or self mailer, one
 * two-page PDF in place of the two sides); anything else as an HTML template.
 * `--card` renders a plastic card side (HTML, merged like the letter) into out-card.pdf.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { pdfLib } from '../../platform/packages-on-first-use.js';
import { BrowserPool, createAssetFetcher, renderJob } from './index.js';
import { buildCliJob, CLI_KINDS, type CliKind, type CliOptions } from './render-cli-job.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    kind: { type: 'string', default: 'letter' },
    vars: { type: 'string' },
    to: { type: 'string' },
    from: { type: 'string' },
    'no-from': { type: 'boolean', default: false },
    size: { type: 'string' },
    placement: { type: 'string', default: 'top_first_page' },
    'double-sided': { type: 'boolean', default: false },
    attach: { type: 'string' },
    before: { type: 'boolean', default: false },
    'allow-private': { type: 'boolean', default: false },
    chromium: { type: 'string' },
    card: { type: 'string', multiple: true },
  },
});
const kind = values.kind as CliKind;
if (!CLI_KINDS.includes(kind)) {
  throw new Error(`--kind ${kind}: one of ${CLI_KINDS.join(', ')}`);
}
const outFile = positionals.at(-1);
const contentFiles = positionals.slice(0, -1);
const sides = kind === 'letter' || contentFiles[0]?.endsWith('.pdf') ? 1 : 2;
if (!outFile || contentFiles.length !== sides) {
  throw new Error(
    kind === 'letter'
      ? 'usage: render-cli.ts <content.html|content.pdf> <out.pdf> [options]'
      : `usage: render-cli.ts --kind ${kind} [--size S] <page1.html> <page2.html> <out.pdf> | <two-pages.pdf> <out.pdf> [options]`,
  );
}

const json = async (file?: string) => (file ? JSON.parse(await readFile(file, 'utf8')) : undefined);
const options: CliOptions = {
  contentFiles,
  vars: await json(values.vars),
  to: await json(values.to),
  from: values['no-from'] ? null : await json(values.from),
  size: values.size,
  placement: values.placement!,
  doubleSided: values['double-sided'] ?? false,
  attach: values.attach,
  before: values.before ?? false,
  cards: values.card ?? [],
};
const { job, describe } = await buildCliJob(kind, options);
if (describe) console.log(describe);

const pool = new BrowserPool({ size: 1, ...(values.chromium ? { executablePath: values.chromium } : {}) });
try {
  const result = await renderJob(job, {
    pool,
    fetchAsset: createAssetFetcher(values['allow-private'] ?? false),
    observe: (stage, ms) => console.log(`${stage.padEnd(22)} ${ms.toFixed(1).padStart(8)} ms`),
  });
  await writeFile(outFile, result.pdf);
  // Sheets are a letter's: pages, or pages / 2 when double-sided.
  const sheets =
    job.kind === 'letter'
      ? `, sheets ${job.input.doubleSided ? Math.ceil(result.pageCount / 2) : result.pageCount}`
      : '';
  console.log(`pages ${result.pageCount}${sheets}, ${result.pdf.length} bytes → ${outFile}`);
  const card = result.companions.card;
  if (card) {
    const cardFile = outFile.replace(/(\.pdf)?$/, '-card.pdf');
    await writeFile(cardFile, card);
    const pages = (await pdfLib().PDFDocument.load(card, { updateMetadata: false })).getPageCount();
    console.log(`card: ${pages} CR80 pages → ${cardFile}`);
  }
  for (const warning of result.warnings) console.log(`warning: ${warning}`);
} finally {
  await pool.close();
}
