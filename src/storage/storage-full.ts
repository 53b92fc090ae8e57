/**
 * Whether a blob write failed because the store has no room (the disk or the quota is full):
 * a state of the machine that an operator fixes, not of the thing being written, so work that
 * meets it waits and tries again rather than using up its retries (api/print-mail/orders/render-order.job.ts).
 */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
