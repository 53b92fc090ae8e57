import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../platform/auth/authenticate.js';
import { apiError, notFound } from '../../../platform/errors.js';
import type { ListQuery } from '../../../platform/lists.js';
import { parseSearch } from '../../../platform/lists.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { ORDER_KINDS } from '../orders/order-kinds.js';
import { fileKeys, orderDocWithKeys } from '../orders/order-schedule.repo.js';
import { withLinks } from '../orders/order-snapshot.js';
import { getLetterDoc, listLetterDocs } from './letters.repo.js';

const kind = ORDER_KINDS.letter;

/** One letter as JSON text, with its signed links fresh. */
export async function getLetter(db: Queryable, scope: Scope, id: string, signer: UrlSigner): Promise<string> {
  const found = await orderDocWithKeys(db, kind, scope, id);
  if (!found) throw notFound('letter', id);
  return withLinks(found.doc, found.keys, signer);
}

export async function listLetters(db: Queryable, scope: Scope, query: ListQuery, signer: UrlSigner) {
  const { totalCount, docs } = await listLetterDocs(db, scope, query, parseSearch(query.search));
  const ids = docs.map((d) => JSON.parse(d).id as string);
  const keys = await fileKeys(db, kind, ids);
  return { totalCount, docs: docs.map((d, i) => withLinks(d, keys.get(ids[i]), signer)) };
}

export async function letterUrl(db: Queryable, scope: Scope, id: string, signer: UrlSigner) {
  if (!(await getLetterDoc(db, scope, id))) throw notFound('letter', id);
  const pdfKey = (await fileKeys(db, kind, [id])).get(id)?.pdfKey;
  if (!pdfKey)
    throw apiError('not_found_error', `The PDF of letter ${id} is not rendered yet; try again shortly.`);
  return { id, object: 'letter_url' as const, url: signer.urlFor(pdfKey) };
}
