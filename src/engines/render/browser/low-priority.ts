import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';

const NICE = '/usr/bin/nice';
const SETPRIV = '/usr/bin/setpriv';

/**
 * The command that starts Chromium at nice value `niceness`: `nice -n K`, where K is what the
 * calling thread's own nice value lacks (a render thread may have lowered itself already).
 * Every process and thread Chromium starts inherits it. Renders are background work, and on
 * a small machine the API in the same server must win the CPU when a request arrives.
 *
 * As root, Chromium sets its threads' priorities itself (its UI, IO and compositor threads to
 * nice -8, its workers to 0), which undoes `nice`; without CAP_SYS_NICE it cannot go below the
 * value it inherited, so root drops that one capability first (util-linux `setpriv`).
 * Returns [] (start Chromium directly) when `niceness` is 0 or the tools are missing.
 */
export function lowPriorityPrefix(niceness: number): string[] {
  if (niceness <= 0) return [];
  const lacking = niceness - getPriority();
  const nice = lacking > 0 && existsSync(NICE) ? [NICE, '-n', String(lacking)] : [];
  if (process.getuid?.() !== 0) return nice;
  if (!existsSync(SETPRIV)) return [];
  return [SETPRIV, '--inh-caps=-sys_nice', '--bounding-set=-sys_nice', ...nice];
}
