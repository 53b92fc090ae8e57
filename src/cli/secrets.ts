import { resealAccountNumbers } from '../api/print-mail/bank-accounts/reseal-account-numbers.js';
import { loadConfig } from '../config/config.js';
import { addDataKeyToFile, loadDataKeys } from '../platform/data-keys.js';
import { type Args, UsageError } from './args.js';
import { withDatabase } from './with-database.js';

/** Data key rotation (docs/operations.md): a new key, then every sealed value moved to it. */
export async function secretsCommand(args: Args): Promise<number> {
  const sub = args.positional[1];
  const config = loadConfig();
  if (sub === 'new-key') {
    if (config.dataKeys)
      throw new UsageError('POSTROOM_DATA_KEYS is set: put the new key first in it instead, then run reseal');
    await loadDataKeys(undefined, config.dataDir); // makes the file on first use
    const id = await addDataKeyToFile(config.dataDir);
    console.log(`new data key ${id}; restart every server and worker, then run: postroom secrets reseal`);
    return 0;
  }
  if (sub === 'reseal') {
    const keys = await loadDataKeys(config.dataKeys, config.dataDir);
    const { resealed, total } = await withDatabase((db) => resealAccountNumbers(db.pool, keys));
    console.log(`${resealed} of ${total} account numbers sealed again with data key ${keys.currentId}`);
    return 0;
  }
  throw new UsageError(`unknown command secrets ${sub}`);
}
