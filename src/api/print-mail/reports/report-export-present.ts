import type { UrlSigner } from '../../../platform/signed-url.js';
import type { ReportExport } from './report.schema.js';
import { exportBlobKey } from './report-export-jobs.js';

/** An export as reads answer it: a finished one carries a freshly signed link to its CSV. */
export function presentExport(doc: ReportExport, signer: UrlSigner): ReportExport {
  return doc.rowCount === undefined ? doc : { ...doc, outputURL: signer.urlFor(exportBlobKey(doc)) };
}
