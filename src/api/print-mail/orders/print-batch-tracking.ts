import type pg from 'pg';
import type { Pool } from '../../../db/pool.js';
import { withTransaction } from '../../../db/tx.js';
import { csvRows } from '../../../platform/csv/csv-rows.js';
import { checkTrackingNumber } from '../tracking/tracking-numbers.js';
import { changeOrder, type OrderContext } from './order-change.js';
import type { OrderKind } from './order-kind.js';
import { orderKind } from './order-kinds.js';
import { lockOrder, type OrderRow } from './orders.repo.js';
import { batchOrderIds, lockBatch } from './print-batches.repo.js';

export class TrackingFileError extends Error {}

/** At most this many bad lines are named in one error. */
const MAX_NAMED = 20;

/** A number the shop wrote for an order of the batch, checked and ready to record. */
export interface TrackingLine {
  row: OrderRow;
  number: string;
  line: number;
}

/**
 * The print shop's manifest back, its `trackingNumber` column filled, read inside the
 * caller's transaction with the batch locked: each number is checked against the format its
 * order's mailing class implies, and its order locked. Every line is checked before the
 * caller records any: a file with a bad line is a TrackingFileError naming each bad line (a
 * line is a row of the CSV, the header being line 1). Empty cells are left out.
 */
export async function readTrackingFile(
  tx: pg.PoolClient,
  kind: OrderKind,
  batchId: string,
  file: AsyncIterable<Uint8Array>,
): Promise<{ lines: number; numbers: TrackingLine[] }> {
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
  const numbers: TrackingLine[] = [];
  for (const [id, { raw, line }] of wanted) {
    const row = (await lockOrder(tx, kind, id, null))!;
    const checked = checkTrackingNumber(String(row.doc.mailingClass), raw);
    if (!checked.ok) bad.push(`line ${line}: ${id}: ${checked.why}`);
    else numbers.push({ row, number: checked.number, line });
  }
  if (bad.length)
    throw new TrackingFileError(
      `${bad.length} bad line${bad.length > 1 ? 's' : ''}, nothing recorded:\n${bad.slice(0, MAX_NAMED).join('\n')}`,
    );
  return { lines: line - 1, numbers };
}

/**
 * `postroom print tracking`: the filled manifest recorded on the orders of a batch, each
 * new number with its `<kind>.updated` event, in one transaction (a bad line records nothing).
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
    const { lines, numbers } = await readTrackingFile(tx, kind, batchId, file);
    let recorded = 0;
    for (const { row, number } of numbers) {
      if (row.doc.trackingNumber === number) continue;
      await changeOrder(tx, kind, row, { fields: { trackingNumber: number } }, ctx);
      recorded++;
    }
    return { lines, recorded, unchanged: lines - recorded };
  });
}
