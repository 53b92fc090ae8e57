/**
 * The render child: the process in which `postroom serve` (and `postroom worker`) make PDFs,
 * started, watched and restarted by jobs/render-child.ts. It lowers all its threads to the
 * render priority (nice 19 and SCHED_IDLE by default) before it starts anything, works only
 * the jobs that make PDFs, and stops when its parent does: on SIGTERM, or when its stdin (a
 * pipe from the parent) closes, which also happens when the parent was killed.
 */
import pino from 'pino';
import { lowerThisProcess } from './engines/render/browser/low-priority.js';
import { RENDER_CHILD_ENV, type RenderChildSetup, readParentLoad } from './jobs/render-child.js';
import { stopOnSignals } from './main.js';
import { startRuntime } from './runtime.js';

const setup = JSON.parse(process.env[RENDER_CHILD_ENV] ?? 'null') as RenderChildSetup | null;
if (!setup) throw new Error(`${RENDER_CHILD_ENV} is not set: the render child is started by postroom serve`);
const config = Object.freeze({ ...setup.config, renders: 'here' as const });
lowerThisProcess({ niceness: config.renderNice, idle: config.renderIdle });

let parentGone = false;
let stop = (_why: string) => {
  parentGone = true; // before the runtime is up: stop as soon as it is
};
const parentLoad = readParentLoad(process.stdin, () => void stop('parent gone'));
const runtime = await startRuntime(config, {
  http: false,
  workers: 'renders-only',
  schema: setup.schema,
  logger: pino({ level: config.logLevel }).child({ process: 'render-child' }),
  parentLoad,
});
const stopRuntime = stopOnSignals(runtime, ['SIGTERM']);
// Ctrl-C in a terminal reaches the whole process group: the parent stops, and stops this
// process with it (SIGTERM, or its stdin closing), rather than seeing it exit and restarting it.
process.on('SIGINT', () => {});
stop = (why) => void stopRuntime(why);
if (parentGone) stop('parent gone');
runtime.logger.info({ pid: process.pid }, 'render child running');
