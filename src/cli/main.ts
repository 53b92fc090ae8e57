import { type Args, UsageError } from './args.js';
import { commandHelp, errorLine, globalHelp, groupHelp, parseCommandArgs } from './command-spec.js';
import { COMMANDS, findCommand } from './commands.js';

const wantsHelp = (words: readonly string[]) => words.includes('--help') || words.includes('-h');

/**
 * `postroom ARGV`: help (exit 0), a usage error in one line with a pointer to the command's
 * help (exit 2), or the command's own exit code; undefined for `serve` and `worker`, which
 * keep running. Only the named command's module is loaded.
 */
export async function main(argv: string[]): Promise<number | undefined> {
  const asked = argv[0] === 'help' ? argv.slice(1) : argv;
  const found = findCommand(asked);
  const help = argv[0] === 'help' || wantsHelp(found.kind === 'none' ? asked : found.rest);
  if (found.kind === 'none') {
    const [word] = asked;
    if (help && (!word || word.startsWith('-'))) {
      console.log(globalHelp(COMMANDS));
      return 0;
    }
    if (!word) {
      // No command at all: the usage, as an error.
      console.error(globalHelp(COMMANDS));
      return 2;
    }
    console.error(errorLine([], `unknown command "${word}"`));
    return 2;
  }
  if (found.kind === 'group') {
    if (help) {
      console.log(groupHelp(found.group, found.commands));
      return 0;
    }
    const names = found.commands.map((c) => c.path[1]).join(', ');
    const [word] = found.rest;
    console.error(
      errorLine(
        [found.group.name],
        word && !word.startsWith('-')
          ? `unknown command "${word}"; its commands: ${names}`
          : `needs a command: ${names}`,
      ),
    );
    return 2;
  }
  const { spec, rest } = found;
  if (help) {
    console.log(commandHelp(spec));
    return 0;
  }
  let args: Args;
  try {
    args = parseCommandArgs(spec, rest);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(errorLine(spec.path, err.message));
    return 2;
  }
  try {
    const run = await spec.load();
    const code = await run(args, asked);
    return code < 0 ? undefined : code;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(errorLine(spec.path, err.message));
      return 2;
    }
    throw err;
  }
}
