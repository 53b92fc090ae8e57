import type { Queryable } from '../../../db/pool.js';
import type { NamedStatement } from '../../../db/statement.js';
import type { ImbBarcode } from '../../../engines/render/index.js';

export interface IssuedBarcode extends ImbBarcode {
  orderId: string;
  orderKind: string;
  orgId: string;
  live: boolean;
  mailerId: string;
  serial: number;
  issuedAt: Date;
}

/**
 * The barcode's row, written in the statement that records the order's render (a part of
 * changeOrder's statement), so it costs no commit of its own and exists exactly when the
 * rendered PDF that carries it does.
 */
export function barcodeRecordPart(b: IssuedBarcode): NamedStatement {
  return {
    name: 'barcode',
    statement: {
      text: `INSERT INTO imb_barcodes (order_id, order_kind, org_id, live, mailer_id, serial, tracking, routing, issued_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (order_id) DO NOTHING RETURNING 1`,
      values: [
        b.orderId,
        b.orderKind,
        b.orgId,
        b.live,
        b.mailerId,
        b.serial,
        b.tracking,
        b.routing,
        b.issuedAt,
      ],
    },
  };
}

/** The barcodes of these orders, by order id (a print batch's manifest). */
export async function barcodesOf(db: Queryable, orderIds: string[]): Promise<Map<string, ImbBarcode>> {
  const res = await db.query(
    'SELECT order_id AS "orderId", tracking, routing FROM imb_barcodes WHERE order_id = ANY($1)',
    [orderIds],
  );
  return new Map(res.rows.map((r) => [r.orderId, { tracking: r.tracking, routing: r.routing }]));
}

/** One order's barcode, within its organization and mode; undefined when it has none. */
export async function barcodeOf(
  db: Queryable,
  scope: { orgId: string; live: boolean },
  orderId: string,
): Promise<(ImbBarcode & { issuedAt: string }) | undefined> {
  const res = await db.query(
    `SELECT tracking, routing, issued_at AS "issuedAt" FROM imb_barcodes
     WHERE order_id = $1 AND org_id = $2 AND live = $3`,
    [orderId, scope.orgId, scope.live],
  );
  return res.rows[0];
}
