import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { lowPriorityPrefix, type RenderPriority } from './low-priority.js';
import { type NetworkIsolation, NO_NETWORK_FLAGS, networkIsolation } from './no-network.js';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for a print-only browser: no sandbox (we run as root in containers; page JS is off
 * and there is no network instead: no-network.ts), no GPU, and none of the background
 * traffic a desktop browser makes (updates, sync, QUIC probes).
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
  /** How it is kept off the network; undefined for a browser given one (`network: 'loopback'`). */
  isolation?: NetworkIsolation;
  /** Deletes the profile folder; call after the browser is gone. */
  cleanup(): Promise<void>;
}

export interface LaunchOptions {
  timeoutMs: number;
  /** Chromium's CPU priority; see lowPriorityPrefix. */
  priority: RenderPriority;
  /** false: network flags only, no namespace of its own (tests of the fallback). */
  networkNamespace?: boolean;
  /**
   * 'none' (the default): the printer, with no network at all (no-network.ts). 'loopback': a
   * browser that browses, as the tests of the editor page and the dashboard drive one.
   */
  network?: 'none' | 'loopback';
}

/**
 * Starts Chromium with a fresh throwaway profile so no state leaks between runs.
 *
 * The DevTools connection is a pipe (fds 3 and 4), not a WebSocket: Chromium exits when the pipe
 * closes, so a server killed with SIGKILL leaves no orphan browser behind (test/engines/render/
 * browser-orphan.test.ts), and no port is opened.
 */
export async function launchBrowser(executablePath: string, opts: LaunchOptions): Promise<LaunchedBrowser> {
  // Loaded on the first launch: puppeteer's ~190 modules cost ~0.4 s of CPU at start, and a
  // process that renders nothing (an API whose renders run elsewhere, the CLI) never needs them.
  const { default: puppeteer } = await import('puppeteer-core');
  const userDataDir = await mkdtemp(join(tmpdir(), 'postroom-chromium-'));
  const cleanup = () => rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  // puppeteer's own arguments, spelled out so the low-priority prefix can go in front of them.
  const offline = opts.network !== 'loopback';
  const args = offline ? [...NO_NETWORK_FLAGS, ...CHROMIUM_FLAGS] : CHROMIUM_FLAGS;
  const chromiumArgs = puppeteer.defaultArgs({ headless: true, userDataDir, args });
  const isolation = offline ? networkIsolation({ namespace: opts.networkNamespace }) : undefined;
  // The namespace first: unshare needs the capabilities the priority prefix then drops.
  const [command, ...prefixArgs] = [
    ...(isolation?.prefix ?? []),
    ...lowPriorityPrefix(opts.priority),
    executablePath,
  ];
  const timeoutMs = opts.timeoutMs;
  try {
    const browser = await puppeteer.launch({
      executablePath: command,
      args: [...prefixArgs, ...chromiumArgs],
      ignoreDefaultArgs: true,
      pipe: true,
      timeout: timeoutMs,
      protocolTimeout: Math.max(timeoutMs, 60_000),
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    return { browser, isolation, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
