import { readFileSync } from 'node:fs';
import { descendants, statFields } from '../test/helpers/process-tree.js';

/**
 * Peak memory of this process and all its descendants (Chromium's browser, GPU, utility and
 * renderer processes). RSS double-counts pages shared between Chromium processes; PSS
 * (from smaps_rollup) splits shared pages fairly and is the better "real" total.
 */
export function startMemorySampler(intervalMs = 250) {
  const cpuAtStart = treeCpuMs();
  let rssMb = 0;
  let pssMb = 0;
  const sample = () => {
    const tree = [process.pid, ...descendants(process.pid)];
    const rss = tree.reduce((sum, pid) => sum + kb(`/proc/${pid}/status`, 'VmRSS'), 0);
    const pss = tree.reduce((sum, pid) => sum + kb(`/proc/${pid}/smaps_rollup`, 'Pss'), 0);
    rssMb = Math.max(rssMb, Math.round(rss / 1024));
    pssMb = Math.max(pssMb, Math.round(pss / 1024));
  };
  const timer = setInterval(sample, intervalMs);
  sample();
  return {
    stop() {
      sample();
      clearInterval(timer);
      return { rssMb, pssMb, cpuMs: treeCpuMs() - cpuAtStart };
    },
  };
}

/**
 * CPU time (user + system) used so far by the tree, children that already exited included
 * (their time is added to the parent that reaped them). Unlike wall time it barely changes
 * when other work competes for the machine, so CPU per letter is the steadier comparison.
 */
export function treeCpuMs(): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  return [process.pid, ...descendants(process.pid)].reduce((sum, pid) => {
    try {
      const f = statFields(`/proc/${pid}/stat`);
      return sum + (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * tick;
    } catch {
      return sum;
    }
  }, 0);
}

function kb(file: string, field: string): number {
  try {
    const match = readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
