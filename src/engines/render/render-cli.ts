/**
 * Renders one letter from files and prints every stage, for looking at what the engine does:
 *   node --import tsx src/engines/render/render-cli.ts content.html out.pdf \
 *     [--vars vars.json] [--to to.json] [--from from.json] [--size a4] \
 *     [--placement insert_blank_page] [--double-sided] [--attach a.pdf --before] [--allow-private]
 * Content ending in .pdf is taken as an uploaded PDF; anything else as an HTML template.
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

let content: LetterRenderInput['content'];
if (contentFile.endsWith('.pdf')) content = { kind: 'pdf', bytes };
else {
  const context = buildMergeContext(await json(values.vars), to, from);
  const missing = findMissingVariables(bytes.toString('utf8'), context);
  console.log(`merge: missing variables: ${missing.length ? missing.join(', ') : 'none'}`);
  content = { kind: 'html', html: mergeHtml(bytes.toString('utf8'), context) };
}

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
  for (const warning of result.warnings) console.log(`warning: ${warning}`);
} finally {
  await pool.close();
}
