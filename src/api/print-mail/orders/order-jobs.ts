/**
 * Names of the durable jobs orders enqueue, apart from the jobs themselves (`*.job.ts` beside
 * this file), so the order code can enqueue them without importing the jobs (which import it).
 */
export const ORDER_JOBS = Object.freeze({
  render: 'render-order',
  renderFailed: 'render-order-failed',
  advance: 'advance-orders',
  printBatches: 'assemble-print-batches',
});

export interface OrderJobData {
  kind: string;
  id: string;
}
