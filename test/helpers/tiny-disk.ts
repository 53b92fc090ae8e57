import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A small tmpfs mounted on `dir`, so writes there really fail with ENOSPC once it is full (as
 * root, or with password-less sudo: the test machines have both; a machine with neither fails
 * here, saying so).
 */
export function mountTinyDisk(dir: string, size = '1m'): { fill(): void; unmount(): void } {
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    asRoot ? execFileSync(args[0], args.slice(1)) : execFileSync('sudo', ['-n', ...args]);
  try {
    run(['mount', '-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir]);
  } catch (err) {
    throw new Error(`a full-disk test needs to mount a tmpfs (root or sudo -n): ${(err as Error).message}`);
  }
  return {
    /** Writes a filler file until the disk refuses (ENOSPC): nothing more fits. */
    fill() {
      try {
        writeFileSync(path.join(dir, 'filler'), Buffer.alloc(64 * 1024 * 1024));
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOSPC') throw err;
      }
      if (statfsSync(dir).bavail !== 0) throw new Error(`${dir} is not full`);
    },
    unmount() {
      run(['umount', '-l', dir]);
    },
  };
}

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
