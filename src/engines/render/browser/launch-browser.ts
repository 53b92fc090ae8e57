import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for a print-only browser: no sandbox (we run as root in containers; page JS is off
 * and the network is blocked instead), no GPU, and none of the background traffic a desktop
 * browser makes (updates, sync, QUIC probes).
 */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--mute-audio',
  '--font-render-hinting=none',
];

export interface LaunchedBrowser {
  browser: Browser;
  /** Deletes the profile folder; call after the browser is gone. */
  cleanup(): Promise<void>;
}

/** Starts Chromium with a fresh throwaway profile so no state leaks between runs. */
export async function launchBrowser(executablePath: string, timeoutMs: number): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'postroom-chromium-'));
  const cleanup = () => rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  try {
    const browser = await puppeteer.launch({
      executablePath,
      headless: true,
      userDataDir,
      args: CHROMIUM_FLAGS,
      timeout: timeoutMs,
      protocolTimeout: Math.max(timeoutMs, 60_000),
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    return { browser, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
