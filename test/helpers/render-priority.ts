/**
 * Renders in tests run at normal priority. Postroom renders at nice 19 under SCHED_IDLE by
 * default (POSTROOM_RENDER_NICE, POSTROOM_RENDER_IDLE) so that they yield to its API; on a test
 * machine busy with other work, a SCHED_IDLE Chromium gets next to no CPU and each render test
 * waits on it for tens of seconds. The lowering itself is asserted where it is tested:
 * test/engines/render/render-priority.test.ts and test/print-mail/render-child.test.ts.
 */
export const TEST_RENDER_PRIORITY = { renderNice: 0, renderIdle: false } as const;

/** The same for a `postroom serve` or `worker` a test starts (settings from the environment). */
export const TEST_RENDER_PRIORITY_ENV = { POSTROOM_RENDER_NICE: '0', POSTROOM_RENDER_IDLE: 'false' } as const;

/** The same for a BrowserPool a test starts itself. */
export const TEST_BROWSER_PRIORITY = { niceness: 0, idle: false } as const;
