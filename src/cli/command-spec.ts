/**
 * One home for what a command is: its words, arguments, flags with their defaults, a summary
 * and examples. The global usage, `postroom COMMAND --help`, the flag checks made before a
 * command runs and the one-line errors all read it, so they cannot say different things.
 *
 * Spec modules (src/cli/specs/) import nothing but this file's types: the whole table loads in
 * milliseconds, and a command's own module (with pg, the importer, the server...) is imported
 * only when that command runs (`load`).
 */
import { type Args, UsageError } from './args.js';

export interface FlagSpec {
  /** Without the dashes: `org` for `--org`. */
  name: string;
  /** The value's placeholder (`NAME`, `N`); absent: a switch, on when given. */
  value?: string;
  /** The only values allowed, checked before the command runs; help shows them as `a|b`. */
  choices?: readonly string[];
  required?: boolean;
  /** What happens without the flag, as help says it. Every optional flag with a value has one. */
  default?: string;
  /** Takes the rest of the command line as its value (`parse --explain 90 Canal St`). */
  rest?: boolean;
  about: string;
}

export interface ArgSpec {
  /** The placeholder: `FILE|URL`, `KEY_ID_OR_KEY`. */
  name: string;
  required?: boolean;
  /** Any number of them (at least one when required). */
  many?: boolean;
}

/** `argv` is everything after `postroom`, for commands that read their own (parse). */
export type CommandRun = (args: Args, argv: string[]) => Promise<number>;

export interface CommandSpec {
  /** The words after `postroom`: ['keys', 'create']. */
  path: readonly string[];
  args?: readonly ArgSpec[];
  flags?: readonly FlagSpec[];
  /** One line, no newline: what it does (the global usage's and the README table's). */
  summary: string;
  /** More of what it does, as help prints it (lines of up to ~100 characters). */
  details?: string;
  /** Environment settings it reads, beside DATABASE_URL and POSTROOM_DATA_DIR (every database command's). */
  env?: readonly { name: string; about: string }[];
  examples: readonly { command: string; about?: string }[];
  /** The command's code, loaded only when it runs. */
  load: () => Promise<CommandRun>;
  /** Uses the database (DATABASE_URL or the embedded cluster): help says so. */
  database?: boolean;
}

export interface CommandGroup {
  /** `keys`: the first word of its commands. */
  name: string;
  summary: string;
}

/** A short pointer to a command's help, ending every error line. */
export const helpPointer = (path: readonly string[]) => `see: postroom ${[...path, '--help'].join(' ')}`;

/** The usage error of a command, in one line. */
export function errorLine(path: readonly string[], message: string): string {
  const prefix = path.length ? `postroom ${path.join(' ')}` : 'postroom';
  return `${prefix}: ${message.replace(/\s*\n\s*/g, '; ')} (${helpPointer(path)})`;
}

/** A flag with a placeholder or choices takes a value; the others are switches. */
export const takesValue = (f: FlagSpec) => Boolean(f.value || f.choices);

const flagText = (f: FlagSpec) =>
  `--${f.name}${f.choices ? ` ${f.choices.join('|')}` : f.value ? ` ${f.value}` : ''}`;

/** `postroom keys create --org NAME --mode test|live ... [--public]`, wrapped at `width`. */
export function synopsis(spec: CommandSpec, width = Number.POSITIVE_INFINITY): string {
  const words = [`postroom ${spec.path.join(' ')}`];
  for (const a of spec.args ?? []) {
    const name = a.many ? `${a.name}...` : a.name;
    words.push(a.required ? name : `[${name}]`);
  }
  for (const f of spec.flags ?? []) words.push(f.required ? flagText(f) : `[${flagText(f)}]`);
  const lines = [words[0]];
  for (const w of words.slice(1)) {
    if (lines[lines.length - 1].length + 1 + w.length > width) lines.push(`    ${w}`);
    else lines[lines.length - 1] += ` ${w}`;
  }
  return lines.join('\n');
}

const wrap = (text: string, indent: string) =>
  text
    .split('\n')
    .map((line) => (line ? indent + line : ''))
    .join('\n');

/** What `postroom COMMAND --help` prints. */
export function commandHelp(spec: CommandSpec): string {
  const out = [synopsis(spec, 100), '', wrap(spec.summary, '  ')];
  if (spec.details) out.push('', wrap(spec.details, '  '));
  const flags = spec.flags ?? [];
  out.push('', flags.length ? 'Flags:' : 'Flags: none (--help: this help)');
  for (const f of flags) {
    out.push(`  ${flagText(f)}`, wrap(f.about, '      '));
    out.push(`      ${f.required ? 'required' : `default: ${f.default ?? 'off'}`}`);
  }
  const env = [
    ...(spec.database
      ? [
          {
            name: 'DATABASE_URL',
            about:
              'the PostgreSQL to use; unset: the embedded cluster in POSTROOM_DATA_DIR (./.postroom),\n' +
              'attached to when a server runs on it, else started and stopped by the command',
          },
        ]
      : []),
    ...(spec.env ?? []),
  ];
  if (env.length) {
    out.push('', 'Environment:');
    for (const e of env) out.push(`  ${e.name}`, wrap(e.about, '      '));
  }
  out.push('', 'Examples:');
  for (const e of spec.examples) {
    out.push(`  ${e.command}`);
    if (e.about) out.push(wrap(e.about, '      '));
  }
  return out.join('\n');
}

/** What `postroom GROUP --help` prints: its commands, each with its synopsis and summary. */
export function groupHelp(group: CommandGroup, specs: readonly CommandSpec[]): string {
  const out = [`postroom ${group.name}: ${group.summary}`, ''];
  for (const s of specs) out.push(wrap(synopsis(s, 96), '  '), wrap(s.summary, '      '));
  out.push('', `postroom ${group.name} COMMAND --help: that command's flags, their defaults and examples.`);
  return out.join('\n');
}

/** What `postroom --help` prints. */
export function globalHelp(specs: readonly CommandSpec[]): string {
  const names = specs.map((s) => s.path.join(' '));
  const width = Math.max(...names.map((n) => n.length)) + 2;
  return [
    'Usage: postroom COMMAND [ARGUMENTS] [FLAGS]',
    '',
    ...specs.map((s, i) => `  ${names[i].padEnd(width)}${s.summary.split('\n')[0]}`),
    '',
    "postroom COMMAND --help: a command's flags, their defaults and examples.",
    'Commands use DATABASE_URL, or the embedded PostgreSQL in POSTROOM_DATA_DIR (./.postroom);',
    'every setting is listed in the README and read in src/config/config.ts.',
  ].join('\n');
}

/**
 * A command's words after its path -> Args (positional including the path, as commands read
 * them), checked against its spec: unknown flags, missing values, values outside `choices`,
 * required flags and arguments, and extra arguments are usage errors.
 */
export function parseCommandArgs(spec: CommandSpec, rest: readonly string[]): Args {
  const byName = new Map((spec.flags ?? []).map((f) => [f.name, f]));
  const positional = [...spec.path];
  const flags: Args['flags'] = {};
  const given: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i];
    if (!word.startsWith('--') || word === '--') {
      given.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = eq > 0 ? word.slice(2, eq) : word.slice(2);
    const flag = byName.get(name);
    if (!flag) throw new UsageError(`unknown flag --${name}`);
    if (flag.rest) {
      flags[name] = [...(eq > 0 ? [word.slice(eq + 1)] : []), ...rest.slice(i + 1)].join(' ').trim();
      if (!flags[name]) throw new UsageError(`--${name} needs a value (${flag.value})`);
      break;
    }
    if (eq > 0) flags[name] = word.slice(eq + 1);
    else if (!takesValue(flag)) flags[name] = true;
    else if (i + 1 < rest.length && !rest[i + 1].startsWith('--')) flags[name] = rest[++i];
    else throw new UsageError(`--${name} needs a value (${flagText(flag).slice(name.length + 3)})`);
    const value = flags[name];
    if (takesValue(flag) && value === '')
      throw new UsageError(`--${name} needs a value (${flagText(flag).slice(name.length + 3)})`);
    if (flag.choices && typeof value === 'string' && !flag.choices.includes(value))
      throw new UsageError(`--${name} must be one of: ${flag.choices.join(', ')}`);
  }
  for (const f of spec.flags ?? [])
    if (f.required && flags[f.name] === undefined) throw new UsageError(`--${f.name} is required`);
  const specs = spec.args ?? [];
  let at = 0;
  for (const a of specs) {
    if (a.many) {
      if (a.required && at >= given.length) throw new UsageError(`needs ${a.name}`);
      at = given.length;
    } else if (at < given.length) at++;
    else if (a.required) throw new UsageError(`needs ${a.name}`);
  }
  if (at < given.length) throw new UsageError(`unexpected argument "${given[at]}"`);
  positional.push(...given);
  return { positional, flags };
}
