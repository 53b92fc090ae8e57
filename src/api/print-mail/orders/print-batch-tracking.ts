import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { csvRows } from '../../../platform/csv/csv-rows.js';
import { checkTrackingNumber } from '../tracking/tracking-numbers.js';
import { changeOrder, type OrderContext } from './order-change.js';
import { orderKind } from './order-kinds.js';
import { lockOrder } from './orders.repo.js';
import { batchOrderIds, lockBatch } from './print-batches.repo.js';

export class TrackingFileError extends Error {}

/** At most this many bad lines are named in one error. */
const MAX_NAMED = 20;

/**
 * The print shop's manifest back, its `trackingNumber` column filled: each number is checked
 * against the format its order's mailing class implies and recorded on the order (with its
 * `<kind>.updated` event). One transaction, and every line is checked before any is
 * recorded: a file with a bad line records nothing, and the error names each bad line
 * (a line is a row of the CSV, the header being line 1). Empty cells leave their order as it is.
 */
export async function recordTrackingNumbers(
  pool: Pool,
  batchId: string,
  file: AsyncIterable<Uint8Array>,
  ctx: OrderContext,
): Promise<{ lines: number; recorded: number; unchanged: number }> {
  return withTransaction(pool, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) throw new TrackingFileError(`no print batch ${batchId}`);
    const kind = orderKind(batch.orderKind as Parameters<typeof orderKind>[0]);
    const inBatch = new Set(await batchOrderIds(tx, kind, batchId));
    const wanted = new Map<string, { raw: string; line: number }>();
    const bad: string[] = [];
    let columns: { id: number; number: number } | undefined;
    let line = 0;
    for await (const { cells } of csvRows(file)) {
      line++;
      if (!columns) {
        columns = { id: cells.indexOf('orderId'), number: cells.indexOf('trackingNumber') };
        if (columns.id < 0 || columns.number < 0)
          throw new TrackingFileError(
            `line 1: the header must have the manifest's orderId and trackingNumber columns (it has: ${cells.join(', ')})`,
          );
        continue;
      }
      const [id, raw] = [cells[columns.id] ?? '', (cells[columns.number] ?? '').trim()];
      if (!inBatch.has(id)) bad.push(`line ${line}: ${id || 'no orderId'} is not an order of ${batchId}`);
      else if (wanted.has(id)) bad.push(`line ${line}: ${id} is on an earlier line too`);
      else if (raw) wanted.set(id, { raw, line });
    }
    if (!columns) throw new TrackingFileError('the file is empty: no header, no lines');
    const rows = [];
    for (const [id, { raw, line }] of wanted) {
      const row = await lockOrder(tx, kind, id, null);
      const checked = checkTrackingNumber(String(row!.doc.mailingClass), raw);
      if (!checked.ok) bad.push(`line ${line}: ${id}: ${checked.why}`);
      else rows.push({ row: row!, number: checked.number });
    }
    if (bad.length)
      throw new TrackingFileError(
        `${bad.length} bad line${bad.length > 1 ? 's' : ''}, nothing recorded:\n${bad.slice(0, MAX_NAMED).join('\n')}`,
      );
    let recorded = 0;
    for (const { row, number } of rows) {
      if (row.doc.trackingNumber === number) continue;
      await changeOrder(tx, kind, row, { fields: { trackingNumber: number } }, ctx);
      recorded++;
    }
    return { lines: line - 1, recorded, unchanged: line - 1 - recorded };
  });
}
