import type { Queryable } from '../../../db/pool.js';
import { listRows } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { ListQuery, Search } from '../../../platform/lists.js';
import { FILE_KEY_COLUMNS } from '../orders/order-schedule.repo.js';
import type { FileKeys } from '../orders/order-snapshot.js';

const TABLE = 'letters';

/** A page of letters, each doc with the file keys behind its signed links. */
export const listLetterRows = (db: Queryable, scope: Scope, query: ListQuery, search: Search | undefined) =>
  listRows<FileKeys>(db, TABLE, scope, query, search, [], FILE_KEY_COLUMNS);
