/** The export queues (workers in src/api/print-mail/reports/report-export.job.ts). */
export const EXPORT_JOBS = Object.freeze({
  run: 'report-export',
  /** Dead letters: an export whose job failed on every retry is marked failed. */
  failed: 'report-export-failed',
});

export interface ExportJobData {
  id: string;
  orgId: string;
  live: boolean;
}

/** Where an export's CSV lives; derived, so a read signs a link without a column of its own. */
export const exportBlobKey = (doc: { id: string; live: boolean }) =>
  `report-exports/${doc.live ? 'live' : 'test'}/${doc.id}.csv`;

/** Still running: neither a result nor a failure yet. */
export const isGenerating = (doc: { rowCount?: number; failureMessage?: string }) =>
  doc.rowCount === undefined && doc.failureMessage === undefined;
