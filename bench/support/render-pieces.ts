/**
 * Realistic pieces for the render benchmarks: the letter of bench/render.ts, postcards and
 * self mailers of similar weight, and cheques alone or with that letter attached (an SVG logo as a data: URL, styled DejaVu text, a table or
 * list, merge variables that differ per piece). Each piece is merged when it is made, as the
 * services do before a render, so the merge is part of what a benchmark times.
 */
import type { ChequeRenderInput } from '../../src/engines/render/cheque/cheque-job.js';
import {
  buildMergeContext,
  type LetterRenderInput,
  MAILPIECE_KINDS,
  type MailpieceFormat,
  mergeHtml,
  type RenderJob,
} from '../../src/engines/render/index.js';

/** The kinds the benchmarks have pieces for. */
export type BenchKind = 'letter' | 'postcard' | 'self_mailer' | 'cheque';

const LOGO =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#135"/></svg>',
  ).toString('base64');

const LETTER_TEMPLATE = `<html><head><style>
  body { font-family: 'DejaVu Serif', serif; margin: 0; }
  .page { padding: 3.4in 0.9in 0.8in; font-size: 11pt; line-height: 1.4; }
  table { border-collapse: collapse; width: 100%; } td { border-bottom: 1px solid #ccc; padding: 4px; }
</style></head><body><div class="page">
  <img src="${LOGO}" style="position:absolute; top:0.5in; right:0.8in">
  <p>Dear {{to.firstName}} {{to.lastName}},</p>
  <p>Thank you for being a customer since {{since}}. Your account {{account}} shows the balance below.</p>
  <table><tr><td>Previous balance</td><td>{{previous}}</td></tr><tr><td>Payments</td><td>{{payments}}</td></tr>
  <tr><td><b>Due</b></td><td><b>{{due}}</b></td></tr></table>
  <p>${'We appreciate your business and look forward to serving you in the coming year. '.repeat(6)}</p>
  <p>Sincerely,<br>{{from.companyName}}</p></div></body></html>`;

export const BENCH_FROM = {
  companyName: 'Postroom Bench Co',
  addressLine1: '1 Bench Rd',
  city: 'Austin',
  provinceOrState: 'TX',
  postalOrZip: '73301',
  countryCode: 'US',
};

function recipient(i: number) {
  return {
    firstName: `Customer${i}`,
    lastName: 'Example',
    addressLine1: `${100 + i} Main St`,
    city: 'Springfield',
    provinceOrState: 'IL',
    postalOrZip: '62701',
    countryCode: 'US',
  };
}

function variables(i: number) {
  return {
    since: '2019',
    account: `A-${10000 + i}`,
    previous: '$120.00',
    payments: '$20.00',
    due: `$${100 + (i % 50)}.00`,
    offerCode: `SPRING-${(i * 7919) % 100000}`,
    expires: `June ${1 + (i % 28)}, 2027`,
  };
}

const mergedLetter = (i: number, to: ReturnType<typeof recipient>) =>
  mergeHtml(LETTER_TEMPLATE, buildMergeContext(variables(i), to, BENCH_FROM));

/** Letter number i: the one-page us_letter of bench/render.ts, recipient and amounts varying. */
export function benchLetter(i: number): LetterRenderInput {
  const to = recipient(i);
  const html = mergedLetter(i, to);
  return {
    size: 'us_letter',
    content: { kind: 'html', html },
    to,
    from: BENCH_FROM,
    addressPlacement: 'top_first_page',
    doubleSided: false,
    color: false,
  };
}

// Every side is a sheet of the page's exact size (bleed included) that clips what overflows,
// so a side always prints to one page whatever the format; text keeps 0.25 in from the page
// edge (the bleed and the safe margin).
const STYLE = `body { margin: 0; font-family: 'DejaVu Sans', sans-serif; color: #222; }
  .sheet { position: relative; overflow: hidden; box-sizing: border-box; }
  .panel { box-sizing: border-box; padding: 0.3in; overflow: hidden; }
  h1 { font-family: 'DejaVu Serif', serif; font-size: 22pt; margin: 0 0 0.1in; color: #135; }
  h2 { font-size: 13pt; margin: 0 0 0.08in; color: #135; }
  p { font-size: 10pt; line-height: 1.35; margin: 0 0 0.08in; }
  ul { font-size: 10pt; margin: 0; padding-left: 0.2in; }
  .code { display: inline-block; border: 2px dashed #135; padding: 4px 10px; font-weight: bold; }`;
const BLURB = 'Every order ships free this season, and members save on every refill. ';

const sheet = (format: MailpieceFormat) =>
  `width:${format.page.width / 72}in; height:${format.page.height / 72}in;`;
const page = (body: string) => `<html><head><style>${STYLE}</style></head><body>${body}</body></html>`;

function postcardTemplates(format: MailpieceFormat): [string, string] {
  const front =
    page(`<div class="sheet" style="${sheet(format)} background: linear-gradient(135deg, #e8f0fa, #fff 60%);">
  <div class="panel"><img src="${LOGO}" style="float:right">
  <h1>{{to.firstName}}, spring is here</h1>
  <p>${BLURB.repeat(2)}</p>
  <p>Bring this card by {{expires}} for 20% off: <span class="code">{{offerCode}}</span></p>
  <ul><li>Free delivery on account {{account}}</li><li>Member since {{since}}</li></ul></div></div>`);
  // The whole back is the address panel: the message stays left, under the return address.
  const back = page(`<div class="sheet" style="${sheet(format)}">
  <div class="panel" style="width:50%; height:100%; padding-top:1.3in; border-right:1px solid #ccc;">
  <h2>Hi {{to.firstName}} {{to.lastName}},</h2><p>${BLURB}</p>
  <p>Your code <b>{{offerCode}}</b> is good until {{expires}}.</p>
  <p>See you soon,<br>{{from.companyName}}</p><img src="${LOGO}" style="width:0.9in"></div></div>`);
  return [front, back];
}

function selfMailerTemplates(format: MailpieceFormat): [string, string] {
  const panels = format.folds.length + 1;
  const height = `height:${100 / panels}%;`;
  const inside = Array.from(
    { length: panels },
    (_, p) => `<div class="panel" style="${height} border-bottom:1px dashed #ddd;">
    <h2>${['Your account', 'What is new', 'Your offer'][p]}</h2>
    <p>{{to.firstName}}, ${BLURB.repeat(3)}</p>
    ${p === 0 ? '<p>Account {{account}}, member since {{since}}. Balance due: <b>{{due}}</b>.</p>' : ''}
    ${p === panels - 1 ? '<p>Use <span class="code">{{offerCode}}</span> by {{expires}}.</p>' : ''}</div>`,
  ).join('');
  // The address panel stays plain; the others carry the cover and the teaser.
  const addressPanel = panels === 2 ? 0 : 1;
  const outside = Array.from({ length: panels }, (_, p) =>
    p === addressPanel
      ? `<div class="panel" style="${height}"></div>`
      : `<div class="panel" style="${height} background:#e8f0fa;"><img src="${LOGO}">
    <h1>Inside: {{to.firstName}}'s spring savings</h1><p>${BLURB.repeat(2)}</p></div>`,
  ).join('');
  return [
    page(`<div class="sheet" style="${sheet(format)}">${inside}</div>`),
    page(`<div class="sheet" style="${sheet(format)}">${outside}</div>`),
  ];
}

const TEMPLATES = new Map<MailpieceFormat, [string, string]>();

/** Mail piece number i of a postcard or self mailer size, merged like the letter. */
export function benchMailpiece(kind: 'postcard' | 'self_mailer', size: string, i: number): RenderJob {
  const format = MAILPIECE_KINDS[kind][size];
  if (!format) throw new Error(`no ${kind} size ${size}`);
  let templates = TEMPLATES.get(format);
  if (!templates) {
    templates = kind === 'postcard' ? postcardTemplates(format) : selfMailerTemplates(format);
    TEMPLATES.set(format, templates);
  }
  const to = recipient(i);
  const context = buildMergeContext(variables(i), to, BENCH_FROM);
  const fields = kind === 'postcard' ? ['frontHTML', 'backHTML'] : ['insideHTML', 'outsideHTML'];
  const sides = templates.map((html, s) => ({ field: fields[s], html: mergeHtml(html, context) }));
  return {
    kind,
    input: { size, content: { kind: 'html', sides: [sides[0], sides[1]] }, to, from: BENCH_FROM },
  };
}

const BENCH_BANK: ChequeRenderInput['bank'] = {
  name: 'First Bench Bank',
  primaryLine: '100 Bank St',
  secondaryLine: 'Austin, TX 73301',
  countryCode: 'US',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  signature: { kind: 'text', text: 'Pat Bench' },
};

/**
 * Cheque number i on a size's stock: `us_letter` or `us_legal`, and with `+letter` the
 * bench's letter (merged for the same payee) printed on the pages after the cheque.
 */
export function benchCheque(size: string, i: number): ChequeRenderInput {
  const [stock, attached] = size.split('+');
  if (stock !== 'us_letter' && stock !== 'us_legal') throw new Error(`no cheque size ${size}`);
  const to = recipient(i);
  return {
    size: stock,
    number: 1000 + i,
    amount: 10_000 + ((i * 7919) % 90_000),
    currencyCode: 'USD',
    date: '2026-11-24',
    memo: `Invoice ${variables(i).account}`,
    message: 'Thank you for your business.',
    to,
    from: BENCH_FROM,
    bank: BENCH_BANK,
    letter: attached === 'letter' ? { kind: 'html', html: mergedLetter(i, to), field: 'letterHTML' } : null,
  };
}

/** How many pages a bench piece of this variant has. */
export function benchPageCount(kind: BenchKind, size: string): number {
  if (kind === 'letter') return 1;
  if (kind === 'cheque') return size.endsWith('+letter') ? 2 : 1;
  return 2;
}

/** Any bench piece as the RenderJob the server's render job would hand the engine. */
export function benchJob(kind: BenchKind, size: string, i: number): RenderJob {
  if (kind === 'letter') return { kind, input: benchLetter(i) };
  if (kind === 'cheque') return { kind, input: benchCheque(size, i) };
  return benchMailpiece(kind, size, i);
}
