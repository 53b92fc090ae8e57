import { existsSync } from 'node:fs';

const NICE = '/usr/bin/nice';
const SETPRIV = '/usr/bin/setpriv';

/**
 * The command that starts Chromium at a lower CPU priority: `nice -n N`, whose value every
 * process and thread Chromium starts inherits. Renders are background work, and on a small
 * machine the API in the same server must win the CPU when a request arrives.
 *
 * As root, Chromium sets its threads' priorities itself (its UI, IO and compositor threads to
 * nice -8, its workers to 0), which undoes `nice`; without CAP_SYS_NICE it cannot go below the
 * value it inherited, so root drops that one capability first (util-linux `setpriv`).
 * Returns [] (start Chromium directly) when `niceness` is 0 or the tools are missing.
 */
export function lowPriorityPrefix(niceness: number): string[] {
  if (niceness <= 0 || !existsSync(NICE)) return [];
  const nice = [NICE, '-n', String(niceness)];
  if (process.getuid?.() !== 0) return nice;
  if (!existsSync(SETPRIV)) return [];
  return [SETPRIV, '--inh-caps=-sys_nice', '--bounding-set=-sys_nice', ...nice];
}
