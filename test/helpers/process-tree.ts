import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fields of a /proc stat file after the command name, which may itself hold spaces and
 * parentheses: index 0 is field 3 of proc(5) (state), so field N is at N - 3.
 */
export function statFields(file: string): string[] {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Every process below `root` (children, grandchildren, ...), read from /proc; `root` not included. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(`/proc/${entry}/stat`)[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {} // the process ended while we looked
  }
  const out: number[] = [];
  for (let i = -1; i < out.length; i++) out.push(...(children.get(i < 0 ? root : out[i]) ?? []));
  return out;
}

/** The pids among `pids` still running (zombies count as gone) after up to `withinMs`. */
export async function stillRunning(pids: number[], withinMs: number): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const alive = pids.filter((pid) => {
      try {
        return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    });
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
