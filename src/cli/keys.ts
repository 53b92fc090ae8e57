import type { KeyKind, Mode, Product } from '../platform/auth/api-key.js';
import { createKey, listKeys, revokeKey } from '../platform/auth/keys.repo.js';
import { type Args, requireFlag, UsageError } from './args.js';
import { organizationNamed } from './org-named.js';
import { withDatabase } from './with-database.js';

/** `keys create` prints the new key alone on the last line of stdout, for scripts (flags: specs/keys.ts). */
export async function keysCommand(args: Args): Promise<number> {
  const [, sub, target] = args.positional;
  if (sub === 'create') {
    const org = requireFlag(args, 'org');
    const mode = requireFlag(args, 'mode', ['test', 'live']) as Mode;
    const product = requireFlag(args, 'product', ['print-mail', 'addver']) as Product;
    const kind: KeyKind = args.flags.public ? 'public' : 'secret';
    const key = await withDatabase(async (db) => {
      const organization = await organizationNamed(db.pool, org);
      if (organization?.disabledAt)
        console.error(`organization "${org}" is disabled: its keys work once it is enabled`);
      return organization && createKey(db.pool, organization.id, mode, product, kind);
    });
    if (!key) {
      console.error(`no sub-organization ${org}: sub-organizations are made through the API`);
      return 1;
    }
    console.log(`created ${mode} ${kind} ${product} key ${key.id} for organization "${org}"`);
    console.log(key.key);
    return 0;
  }
  if (sub === 'list') {
    const org = typeof args.flags.org === 'string' ? args.flags.org : undefined;
    const keys = await withDatabase((db) => listKeys(db.pool, org));
    for (const k of keys) {
      const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
      console.log(
        [k.id, k.orgName, k.live ? 'live' : 'test', k.product, k.kind, k.hint, k.createdAt, state].join('\t'),
      );
    }
    return 0;
  }
  if (sub === 'revoke') {
    if (!target) throw new UsageError('keys revoke needs a key id (key_…) or the key itself');
    const n = await withDatabase((db) => revokeKey(db.pool, target));
    if (n === 0) {
      console.error('no active key matches');
      return 1;
    }
    console.log(`revoked ${n} key`);
    return 0;
  }
  throw new UsageError(`unknown command keys ${sub}`);
}
