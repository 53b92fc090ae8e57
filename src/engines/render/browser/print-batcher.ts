import type { PDFDocument } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import type { PageSize } from '../sizes.js';
import { htmlToPdf } from './html-to-pdf.js';
import type { BrowserPool } from './page-pool.js';
import { sidesToPdf } from './sides-to-pdf.js';

/** A printed document, ready for the pipeline's pdf-lib stages. */
export interface PrintedHtml {
  doc: PDFDocument;
  /** URLs the document tried to load and was refused. */
  blocked: string[];
}

/**
 * What one render asks to print: a letter (one document that may run to several pages, so
 * a letter that does not fit its page prints alone), or a mail piece's sides (one page each,
 * cut off at the page's edge).
 */
interface Request {
  documents: string[];
  fit: 'flow' | 'clip';
  maxPages?: number;
  resolve(printed: PrintedHtml): void;
  reject(err: unknown): void;
}

/**
 * Prints the documents of one size that are waiting at the same time in one Chromium print,
 * each in its own frame (sidesToPdf: its own styles and mode, as if alone), and splits the
 * pages by request. A print's fixed cost is most of a one-page letter's, so letters and mail
 * pieces arriving many at once (a campaign) print several times faster; a lone request prints
 * at once, as before. A letter longer or wider than its page, and a batch in which a document
 * tried to load something (the warning must name only its own), print again alone, so every
 * request comes out exactly as it would alone.
 */
class PrintBatcher {
  readonly #pool: BrowserPool;
  /** By page size (its dimensions, so equal sizes share whatever object carries them). */
  readonly #waiting = new Map<string, { size: PageSize; queue: Request[] }>();
  #running = 0;

  constructor(pool: BrowserPool) {
    this.#pool = pool;
  }

  print(request: Omit<Request, 'resolve' | 'reject'>, size: PageSize): Promise<PrintedHtml> {
    return new Promise((resolve, reject) => {
      const key = `${size.width}x${size.height}`;
      const waiting = this.#waiting.get(key) ?? { size, queue: [] };
      waiting.queue.push({ ...request, resolve, reject });
      this.#waiting.set(key, waiting);
      this.#pump();
    });
  }

  /**
   * Starts prints while fewer than the pool's printsAtOnce run: each takes what waits of the
   * size that has the most waiting.
   */
  #pump(): void {
    while (this.#running < this.#pool.printsAtOnce) {
      const [key, waiting] =
        [...this.#waiting].sort((a, b) => b[1].queue.length - a[1].queue.length)[0] ?? [];
      if (!key || !waiting) return;
      const batch = takeBatch(waiting.queue, this.#pool.printBatch);
      if (waiting.queue.length === 0) this.#waiting.delete(key);
      this.#running++;
      void this.#run(waiting.size, batch).finally(() => {
        this.#running--;
        this.#pump();
      });
    }
  }

  async #run(size: PageSize, batch: Request[]): Promise<void> {
    const alone: Request[] = [];
    try {
      const printed = await sidesToPdf(
        this.#pool,
        batch.flatMap((r) => r.documents),
        size,
        {
          capacity: sheetCapacity(this.#pool, batch),
          measure: batch.flatMap((r) => r.documents.map(() => r.fit === 'flow')),
        },
      );
      const source = await pdfLib().PDFDocument.load(printed.pdf, { updateMetadata: false });
      const clean = printed.blocked.length === 0;
      let page = 0;
      for (const request of batch) {
        const pages = request.documents.map((_, i) => page + i);
        page += pages.length;
        const overflowed = request.fit === 'flow' && printed.overflows[pages[0]];
        if (!clean || overflowed) alone.push(request);
        else if (batch.length === 1) request.resolve({ doc: source, blocked: [] });
        else request.resolve({ doc: await pagesOf(source, pages), blocked: [] });
      }
    } catch {
      alone.push(...batch); // a shared print that failed: each tries alone, and fails alone
    }
    for (const request of alone) {
      try {
        request.resolve(await printAlone(this.#pool, request, size));
      } catch (err) {
        request.reject(err);
      }
    }
  }
}

/**
 * Every sheet of a size has the same number of frames, however many are used, so a tab keeps
 * its sheet from one print to the next (making frames costs about a print): room for a full
 * batch of requests of as many documents as the largest here (a letter 1, a mail piece 2).
 */
const sheetCapacity = (pool: BrowserPool, requests: Request[]) =>
  pool.printBatch * Math.max(1, ...requests.map((r) => r.documents.length));

/**
 * The next `limit` requests of a queue. Requests, not documents: most of a print's cost is
 * fixed (Chromium's print, the fonts it embeds once per print, node parsing the PDF), and each
 * document adds little (docs/benchmarks.md, *Every order kind*), so a two-sided piece shares a
 * print with as many others as a letter does rather than with half as many.
 */
function takeBatch(queue: Request[], limit: number): Request[] {
  return queue.splice(0, Math.max(1, limit));
}

async function printAlone(pool: BrowserPool, request: Request, size: PageSize): Promise<PrintedHtml> {
  const printed =
    request.fit === 'flow'
      ? await htmlToPdf(pool, request.documents[0], size, { maxPages: request.maxPages })
      : await sidesToPdf(pool, request.documents, size, { capacity: sheetCapacity(pool, [request]) });
  return {
    doc: await pdfLib().PDFDocument.load(printed.pdf, { updateMetadata: false }),
    blocked: printed.blocked,
  };
}

async function pagesOf(source: PDFDocument, indices: number[]): Promise<PDFDocument> {
  const doc = await pdfLib().PDFDocument.create({ updateMetadata: false });
  for (const page of await doc.copyPages(source, indices)) doc.addPage(page);
  return doc;
}

const batchers = new WeakMap<BrowserPool, PrintBatcher>();

function batcherOf(pool: BrowserPool): PrintBatcher {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new PrintBatcher(pool);
    batchers.set(pool, batcher);
  }
  return batcher;
}

/** Prints a letter's self-contained HTML at `size` (as htmlToPdf), sharing a print with others waiting. */
export function printHtmlBatched(
  pool: BrowserPool,
  html: string,
  size: PageSize,
  options: { maxPages?: number } = {},
): Promise<PrintedHtml> {
  return batcherOf(pool).print({ documents: [html], fit: 'flow', maxPages: options.maxPages }, size);
}

/** Prints a piece's sides, a page each (as sidesToPdf), sharing a print with others waiting. */
export function printSidesBatched(pool: BrowserPool, sides: string[], size: PageSize): Promise<PrintedHtml> {
  return batcherOf(pool).print({ documents: sides, fit: 'clip' }, size);
}
