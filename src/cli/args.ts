/** Minimal flag parsing: `--name value`, `--name=value`, bare `--flag` (true), the rest positional. */
export interface Args {
  positional: string[];
  flags: Record<string, string | true>;
}

export function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[arg.slice(2)] = argv[++i];
    else flags[arg.slice(2)] = true;
  }
  return { positional, flags };
}

export class UsageError extends Error {}

export function requireFlag(args: Args, name: string, allowed?: readonly string[]): string {
  const value = args.flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  if (allowed && !allowed.includes(value))
    throw new UsageError(`--${name} must be one of: ${allowed.join(', ')}`);
  return value;
}
