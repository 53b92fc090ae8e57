import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './code-root.js';

export { ROOT };
/** The installed command: runs the compiled dist/, whichever tree the test runs from. */
export const BIN = path.join(ROOT, 'bin/postroom.js');

/** The environment a fresh operator would have: no DATABASE_URL unless given. */
export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _omit, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'info', ...extra };
}

export async function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env, cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  if (stdin !== undefined) child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** Starts a long-running command and resolves once its output matches `ready`. */
export async function startCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env, cwd: ROOT });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output };
}

export async function stopCli(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}
