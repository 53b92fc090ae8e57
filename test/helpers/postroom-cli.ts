/**
 * The `postroom` command run from the sources (bin/postroom.js runs the compiled dist/), so
 * fault tests start real `postroom serve` and `postroom worker` processes of the code under
 * test: `node --import tsx test/helpers/postroom-cli.ts serve`.
 */
import { main } from '../../src/cli/main.js';

const code = await main(process.argv.slice(2));
if (typeof code === 'number') process.exit(code);
