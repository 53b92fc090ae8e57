import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import { notFound } from '../../../platform/errors.js';
import type { ListQuery } from '../../../platform/lists.js';
import { parseSearch } from '../../../platform/lists.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import { orderPdfKey } from './order-files.js';
import type { OrderKind } from './order-kind.js';
import { listOrderRows, orderDocWithKeys } from './order-schedule.repo.js';
import { withLinks } from './order-snapshot.js';

/** One order as JSON text, with its signed links fresh. */
export async function getOrder(
  db: Queryable,
  kind: OrderKind,
  scope: Scope,
  id: string,
  signer: UrlSigner,
): Promise<string> {
  const found = await orderDocWithKeys(db, kind, scope, id);
  if (!found) throw notFound(kind.name, id);
  return withLinks(found.doc, found.keys, signer);
}

export async function listOrders(
  db: Queryable,
  kind: OrderKind,
  scope: Scope,
  query: ListQuery,
  signer: UrlSigner,
) {
  // Docs and file keys in one statement, so a listed order's url always has its pageCount.
  const { totalCount, rows } = await listOrderRows(db, kind, scope, query, parseSearch(query.search));
  return { totalCount, docs: rows.map((r) => withLinks(r.doc, r, signer)) };
}

/**
 * GET /{orders}/{id}/url: a fresh signed link to the order's PDF. The link is made from the
 * order's id alone, as the hosted service's signed storage links are, so it is given before
 * the PDF exists too; until the render finishes, following it answers 404 (docs/decisions.md).
 */
export async function orderUrl(db: Queryable, kind: OrderKind, scope: Scope, id: string, signer: UrlSigner) {
  const found = await orderDocWithKeys(db, kind, scope, id);
  if (!found) throw notFound(kind.name, id);
  const pdfKey = found.keys.pdfKey ?? orderPdfKey(kind, scope.live, id);
  return { id, object: `${kind.name}_url`, url: signer.urlFor(pdfKey) };
}
