import type { Queryable } from '../../../db/pool.js';
import { getDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';

/** One template as JSON text (orders read the HTML of the template they name). */
export const getTemplateDoc = (db: Queryable, scope: Scope, id: string) => getDoc(db, 'templates', scope, id);
