import type { Queryable } from '../../../db/pool.js';
import { getDoc, listDocs } from '../../../db/resources.repo.js';
import type { Scope } from '../../../platform/auth/authenticate.js';
import type { ListQuery, Search } from '../../../platform/lists.js';

const TABLE = 'letters';

export const getLetterDoc = (db: Queryable, scope: Scope, id: string) => getDoc(db, TABLE, scope, id);
export const listLetterDocs = (db: Queryable, scope: Scope, query: ListQuery, search: Search | undefined) =>
  listDocs(db, TABLE, scope, query, search);
