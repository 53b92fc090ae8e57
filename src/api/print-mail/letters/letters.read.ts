import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { apiError, notFound } from '../../../platform/errors.js';
import type { ListQuery } from '../../../platform/lists.js';
import { parseSearch } from '../../../platform/lists.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { ORDER_KINDS } from '../orders/order-kinds.js';
import { orderDocWithKeys } from '../orders/order-schedule.repo.js';
import { withLinks } from '../orders/order-snapshot.js';
import { listLetterRows } from './letters.repo.js';

const kind = ORDER_KINDS.letter;

/** One letter as JSON text, with its signed links fresh. */
export async function getLetter(db: Queryable, scope: Scope, id: string, signer: UrlSigner): Promise<string> {
  const found = await orderDocWithKeys(db, kind, scope, id);
  if (!found) throw notFound('letter', id);
  return withLinks(found.doc, found.keys, signer);
}

export async function listLetters(db: Queryable, scope: Scope, query: ListQuery, signer: UrlSigner) {
  // Docs and file keys in one statement, so a listed letter's url always has its pageCount.
  const { totalCount, rows } = await listLetterRows(db, scope, query, parseSearch(query.search));
  return { totalCount, docs: rows.map((r) => withLinks(r.doc, r, signer)) };
}

export async function letterUrl(db: Queryable, scope: Scope, id: string, signer: UrlSigner) {
  const found = await orderDocWithKeys(db, kind, scope, id);
  if (!found) throw notFound('letter', id);
  const pdfKey = found.keys.pdfKey;
  if (!pdfKey)
    throw apiError('not_found_error', `The PDF of letter ${id} is not rendered yet; try again shortly.`);
  return { id, object: 'letter_url' as const, url: signer.urlFor(pdfKey) };
}
