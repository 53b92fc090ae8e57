import { describe } from 'node:test';
import { runnableUrl } from './code-root.js';

/**
 * Runs test files one after another in this process, each as a suite named by its source path
 * (test/x.test.ts), so that files which import the same harness import it once: ~1.1–1.4 s of
 * CPU a file (docs/testing.md, "How long the suite takes"). Awaiting each file's suite before
 * importing the next keeps the files apart as separate processes would: a file's top-level
 * hooks belong to its suite and run at its end (its servers closed before the next file
 * starts any), and what a file set in `process.env` is taken back before the next one.
 */
export async function runFiles(sources: readonly string[]): Promise<void> {
  for (const source of sources) {
    const env = { ...process.env };
    await describe(source, async () => {
      await import(runnableUrl(source));
    });
    restoreEnv(env);
  }
}

function restoreEnv(saved: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
}
