import type { Frame } from 'puppeteer-core';
import type { PageSize } from '../sizes.js';
import type { HtmlPdf } from './html-to-pdf.js';
import type { BrowserPool } from './page-pool.js';
import { leaveHeldSetup, type PooledPage } from './page-setup.js';
import { printPage } from './print-page.js';

/**
 * Prints several self-contained HTML documents (assets already inlined) in one print, one page
 * of exactly `size` each, in order. Each is written into its own frame of a sheet sized to the
 * page, so each keeps its own `<html>`, `<head>` styles, `<body>` and quirks or standards mode,
 * exactly as if printed alone; what does not fit on its page is cut off at the page's edge.
 *
 * One print of N pages costs Chromium far less than N prints of one page. The frames are
 * written with document.write like htmlToPdf's tab, not loaded through `srcdoc` (whose documents
 * are never in quirks mode, so a template without a doctype would lay out differently) or data:
 * URLs (refused over 2 MB). Creating a frame costs about as much as a print, so the sheet is
 * left in the tab and the next job of the same size writes into the same frames.
 */
export async function sidesToPdf(
  pool: BrowserPool,
  sides: readonly string[],
  size: PageSize,
  options: {
    /** Frames in the sheet (at least one per document); tabs keep a sheet between prints of it. */
    capacity?: number;
    /** Which documents to measure for overflow (a letter that may need more than its page). */
    measure?: readonly boolean[];
  } = {},
): Promise<HtmlPdf & { overflows: boolean[] }> {
  const capacity = options.capacity ?? sides.length;
  if (sides.length > capacity) throw new Error(`${sides.length} documents for a sheet of ${capacity}`);
  const sheet = sheetHtml(size, capacity);
  return pool.withPage(
    async (pooled) => {
      const all = await sheetFrames(pooled, sheet, capacity);
      // Frames past the documents are hidden: not laid out, not printed (no page of their own).
      if (capacity > 1) await pooled.page.evaluate(showFirst(sides.length));
      const frames = all.slice(0, sides.length);
      await Promise.all(frames.map((frame, i) => frame.setContent(sides[i], { waitUntil: 'load' })));
      await Promise.all(frames.map((frame) => frame.evaluate(LAY_OUT_AND_LOAD_FONTS)));
      const overflows = await Promise.all(
        frames.map((frame, i) =>
          options.measure?.[i] ? (frame.evaluate(OVERFLOWS) as Promise<boolean>) : false,
        ),
      );
      const pdf = await printPage(pooled.cdp, size, { maxPages: sides.length });
      return { pdf, blocked: [...pooled.blocked], overflows };
    },
    undefined,
    (pooled) => pooled.holds?.name === sheet,
  );
}

/** Shows the sheet's first n frames and hides the rest (run in the sheet itself, not a frame). */
const showFirst = (n: number) =>
  `document.querySelectorAll('iframe').forEach((frame, i) => { frame.style.display = i < ${n} ? 'block' : 'none'; })`;

/**
 * Whether a document is larger than its frame (its page): what the frame cut off. Printed
 * alone it would have run onto more pages, or been shrunk to the page's width.
 */
const OVERFLOWS = `(() => {
  const root = Object.getOwnPropertyDescriptor(Document.prototype, 'documentElement').get.call(document);
  return !!root && (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1);
})()`;

/**
 * Chromium's print waits for the fonts of the document it prints, not for those of its frames:
 * a web font a side has not started loading by then prints in a fallback font. So each side
 * is laid out first, with print media (set for the tab in sheetFrames), and its fonts awaited.
 * A string, not a function, so nothing a bundler adds to functions reaches the page; document's
 * own properties are read from its prototype because a named element (`<img name="fonts">`)
 * shadows them.
 */
const LAY_OUT_AND_LOAD_FONTS = `(() => {
  const own = (name) => Object.getOwnPropertyDescriptor(Document.prototype, name).get.call(document);
  own('documentElement')?.getBoundingClientRect();
  return own('fonts').ready.then(() => undefined);
})()`;

/**
 * The frames of the tab's sheet, setting the tab up and loading the sheet first unless the tab
 * still holds it with every frame as the sheet left it (a frame that navigated away is not
 * written into). Set up, the tab lays out for print media and its viewport is a single pixel
 * (sheetHtml keeps the frames out of it): the sides are laid out as they will be printed, and
 * Chromium does not also lay out, paint and rasterise them for a screen nobody looks at.
 */
async function sheetFrames(pooled: PooledPage, sheet: string, count: number): Promise<Frame[]> {
  const { page } = pooled;
  const frames = page.mainFrame().childFrames();
  const intact = frames.length === count && frames.every((f) => f.url() === 'about:blank');
  if (pooled.holds?.name === sheet && intact) return frames;
  await leaveHeldSetup(pooled);
  const viewport = page.viewport();
  pooled.holds = {
    name: sheet,
    leave: async () => {
      await page.emulateMediaType();
      await page.setViewport(viewport);
    },
  };
  await page.emulateMediaType('print');
  await page.setViewport({ width: 1, height: 1 });
  await page.setContent(sheet, { waitUntil: 'load' });
  const loaded = page.mainFrame().childFrames();
  if (loaded.length !== count) throw new Error(`the sheet has ${loaded.length} frames, not ${count}`);
  return loaded;
}

/**
 * A zero-margin sheet of `count` frames, each exactly one page and on a page of its own. The
 * frames clip what overflows them. `sandbox` keeps a document from running anything or
 * navigating its frame (a meta refresh would otherwise replace a kept frame later), on top of
 * the tab's JavaScript and network being off. In the tab's one-pixel viewport the frames sit
 * just beside it, so Chromium leaves them alone (off-screen frames are not painted or laid out
 * for the screen) until they are laid out for print; no printed page is that narrow.
 */
function sheetHtml(size: PageSize, count: number): string {
  const style =
    'html, body { margin: 0; padding: 0; } ' +
    `iframe { display: block; width: ${size.css.width}; height: ${size.css.height}; border: 0; overflow: hidden; } ` +
    'iframe ~ iframe { break-before: page; } ' +
    '@media (max-width: 10px) { body { margin-left: 20px; } }';
  const frame = '<iframe scrolling="no" sandbox=""></iframe>';
  return `<!DOCTYPE html><html><head><style>${style}</style></head><body>${frame.repeat(count)}</body></html>`;
}
