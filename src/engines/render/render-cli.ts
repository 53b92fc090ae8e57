/**
 * Renders one letter from files and prints every stage, for looking at what the engine does:
 *   node --import tsx src/engines/render/render-cli.ts content.html out.pdf \
 *     [--vars vars.json] [--to to.json] [--from from.json] [--size a4] \
 *     [--placement insert_blank_page] [--double-sided] [--attach a.pdf --before] [--allow-private] \
 *     [--card front.html [--card back.html]]
 * Content ending in .pdf is taken as an uploaded PDF; anything else as an HTML template.
 * `--card` renders a plastic card side (HTML, merged like the letter) into out-card.pdf.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  BrowserPool,
  buildMergeContext,
  createAssetFetcher,
  findMissingVariables,
  type LetterRenderInput,
  mergeHtml,
  renderLetter,
} from './index.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    vars: { type: 'string' },
    to: { type: 'string' },
    from: { type: 'string' },
    size: { type: 'string', default: 'us_letter' },
    placement: { type: 'string', default: 'top_first_page' },
    'double-sided': { type: 'boolean', default: false },
    attach: { type: 'string' },
    before: { type: 'boolean', default: false },
    'allow-private': { type: 'boolean', default: false },
    chromium: { type: 'string' },
    card: { type: 'string', multiple: true },
  },
});
const [contentFile, outFile] = positionals;
if (!contentFile || !outFile)
  throw new Error('usage: render-cli.ts <content.html|content.pdf> <out.pdf> [options]');

const json = async (file?: string) => (file ? JSON.parse(await readFile(file, 'utf8')) : undefined);
const to = (await json(values.to)) ?? {
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '12 Analytical Way',
  city: 'Springfield',
  provinceOrState: 'IL',
  postalOrZip: '62701',
  countryCode: 'US',
};
const from = (await json(values.from)) ?? {
  companyName: 'Postroom',
  addressLine1: '1 Sender Rd',
  city: 'Austin',
  provinceOrState: 'TX',
  postalOrZip: '73301',
  countryCode: 'US',
};
const bytes = await readFile(contentFile);

const context = buildMergeContext(await json(values.vars), to, from);
const merged = (html: string, what: string) => {
  const missing = findMissingVariables(html, context);
  console.log(`merge (${what}): missing variables: ${missing.length ? missing.join(', ') : 'none'}`);
  return mergeHtml(html, context);
};
const content: LetterRenderInput['content'] = contentFile.endsWith('.pdf')
  ? { kind: 'pdf', bytes }
  : { kind: 'html', html: merged(bytes.toString('utf8'), contentFile) };
const cardSides = await Promise.all(
  (values.card ?? []).map(async (file) => ({
    field: `card ${file}`,
    html: merged(await readFile(file, 'utf8'), file),
  })),
);

const pool = new BrowserPool({ size: 1, ...(values.chromium ? { executablePath: values.chromium } : {}) });
try {
  const attached = values.attach ? await readFile(values.attach) : undefined;
  const result = await renderLetter(
    {
      size: values.size as LetterRenderInput['size'],
      content,
      to,
      from,
      addressPlacement: values.placement as LetterRenderInput['addressPlacement'],
      doubleSided: values['double-sided'] ?? false,
      color: true,
      attachedPDF: attached
        ? { bytes: attached, placement: values.before ? 'before_template' : 'after_template' }
        : null,
      plasticCard: cardSides.length ? { kind: 'html', sides: cardSides } : null,
    },
    {
      pool,
      fetchAsset: createAssetFetcher(values['allow-private'] ?? false),
      observe: (stage, ms) => console.log(`${stage.padEnd(22)} ${ms.toFixed(1).padStart(8)} ms`),
    },
  );
  await writeFile(outFile, result.pdf);
  console.log(
    `pages ${result.pageCount}, sheets ${result.sheetCount}, ${result.pdf.length} bytes → ${outFile}`,
  );
  if (result.card) {
    const cardFile = outFile.replace(/(\.pdf)?$/, '-card.pdf');
    await writeFile(cardFile, result.card.pdf);
    console.log(`card: ${result.card.pageCount} CR80 pages → ${cardFile}`);
  }
  for (const warning of result.warnings) console.log(`warning: ${warning}`);
} finally {
  await pool.close();
}
