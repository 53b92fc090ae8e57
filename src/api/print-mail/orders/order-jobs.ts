/**
 * Names of the durable jobs orders enqueue, here rather than in src/jobs so the order code
 * can enqueue them without importing the jobs (which import the order code).
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
