import type { Queryable } from '../../../db/pool.js';
import { getDoc } from '../../../db/resources.repo.js';
import type { Scope } from '../../../db/scope.js';
import type { OrderKind } from '../orders/order-kind.js';
import { orderFieldsOf, profileFieldsOf } from './profile-fields.js';
import { profileKindFor, profileKindOfId } from './profile-kinds.js';

/**
 * What a campaign needs of order profiles: find one by id, and turn it into the create
 * request of one order for one contact.
 */

/** A profile of the caller's organization and mode, as stored, and the kind of order it makes (its id's prefix says which). */
export async function getOrderProfile(
  db: Queryable,
  scope: Scope,
  id: string,
): Promise<{ kind: OrderKind; profile: Record<string, unknown> } | undefined> {
  const p = profileKindOfId(id);
  const text = p && (await getDoc(db, p.table, scope, id));
  return text ? { kind: p.kind, profile: JSON.parse(text) } : undefined;
}

/**
 * getOrderProfile for a campaign's send, holding the profile (FOR KEY SHARE) until the caller's
 * transaction ends: a delete meanwhile waits until the orders made from it are written, so the
 * sweep of what the delete leaves to orders (documents/kept-for-orders.ts) sees them.
 */
export async function holdOrderProfile(
  tx: Queryable,
  scope: Scope,
  id: string,
): Promise<{ kind: OrderKind; profile: Record<string, unknown> } | undefined> {
  const p = profileKindOfId(id);
  if (!p) return undefined;
  const res = await tx.query(
    `SELECT doc FROM ${p.table} WHERE id = $1 AND org_id = $2 AND live = $3 FOR KEY SHARE`,
    [id, scope.orgId, scope.live],
  );
  return res.rows[0] ? { kind: p.kind, profile: res.rows[0].doc } : undefined;
}

/**
 * The body a client would POST to the kind's collection (`/letters`, ...) for one order from
 * `profile` (as getOrderProfile answers it): its settings and content, `to` and `from` (contact
 * ids), and merge variables: the profile's defaults with `mergeVariables` over them.
 *
 * A PDF the profile keeps is in its field (`pdf`, `attachedPDF.file`, `letterPDF`) as a
 * StoredPdf (orders/order-pdf.ts): the create flow checks it for the order and uses the stored
 * file, uncopied. It is marked by a symbol, which TypeBox's Value.Clone and spreads keep and
 * JSON loses: make the body where the order is created, do not serialize it.
 *
 * What an order takes from elsewhere (a campaign's cheque, its amount) the caller adds.
 */
export function profileOrderInput(
  kind: OrderKind,
  profile: Record<string, unknown>,
  parties: { to: string; from?: string },
  mergeVariables?: Record<string, unknown>,
): Record<string, unknown> {
  const p = profileKindFor(kind);
  if (!p || profile.object !== p.object)
    throw new Error(`${profile.id} is not a profile of ${kind.name} orders`);
  const { mergeVariables: defaults, ...body } = orderFieldsOf(p, profileFieldsOf(p, profile));
  const merged = { ...(defaults as Record<string, unknown> | undefined), ...mergeVariables };
  return {
    ...body,
    to: parties.to,
    ...(parties.from !== undefined ? { from: parties.from } : {}),
    ...(Object.keys(merged).length > 0 ? { mergeVariables: merged } : {}),
  };
}
