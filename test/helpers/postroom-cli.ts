/**
 * The `postroom` command of the code under test (bin/postroom.js runs the compiled dist/), so
 * fault tests start real `postroom serve` and `postroom worker` processes of the code under
 * test: `node test-build/test/helpers/postroom-cli.js serve` compiled, or `node --import tsx
 * test/helpers/postroom-cli.ts serve` from the sources (code-root.ts).
 */
import { main } from '../../src/cli/main.js';

const code = await main(process.argv.slice(2));
if (typeof code === 'number') process.exit(code);
