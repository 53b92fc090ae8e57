import type { CDPSession, HTTPRequest, Page } from 'puppeteer-core';

/**
 * A pooled tab plus what the current job needs to know about it. `blocked` collects every
 * URL the document tried to load beyond data: URLs; the job reports them as warnings.
 */
export interface PooledPage {
  page: Page;
  /** A DevTools session on the tab, for printing without puppeteer's stream round trips. */
  cdp: CDPSession;
  blocked: string[];
  renders: number;
  /**
   * What a job left set up in the tab for the next job of its sort to reuse (the sheet of
   * sidesToPdf), and how to put the tab back as preparePage left it; undefined when it is so.
   */
  holds?: HeldSetup;
}

export interface HeldSetup {
  name: string;
  leave(): Promise<void>;
}

/** Puts a tab back as preparePage left it, for a job that wants nothing another job set up. */
export async function leaveHeldSetup(pooled: PooledPage): Promise<void> {
  const held = pooled.holds;
  if (!held) return;
  pooled.holds = undefined;
  await held.leave();
}

/**
 * Page JavaScript off and every request refused except data: URLs, so a document can neither
 * run code nor reach the network; assets it needs were fetched and inlined before rendering.
 */
export async function preparePage(page: Page): Promise<PooledPage> {
  const pooled: PooledPage = { page, cdp: await page.createCDPSession(), blocked: [], renders: 0 };
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    const url = request.url();
    if (url.startsWith('data:')) {
      void request.continue().catch(() => {});
      return;
    }
    pooled.blocked.push(url);
    void request.abort('blockedbyclient').catch(() => {});
  });
  return pooled;
}
