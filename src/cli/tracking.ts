import { PassThrough, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { importScans, type ScanImportResult } from '../api/print-mail/tracking/scan-import.js';
import { ScanFileError } from '../api/print-mail/tracking/scan-records.js';
import { loadConfig } from '../config/config.js';
import { systemClock } from '../platform/clock.js';
import { createUrlSigner, loadSigningSecret } from '../platform/signed-url.js';
import { openSource } from '../reference-store/import/source-input.js';
import type { Args } from './args.js';
import { withDatabase } from './with-database.js';

export function describeImport(file: string, r: ScanImportResult): string {
  const lines = [
    `${file}: ${r.records} scan records`,
    `  ${r.ofOurBarcodes} of Postroom's barcodes: ${r.newScans} new, ${r.alreadyImported} imported before`,
    `  ${r.unknownBarcodes} of barcodes Postroom did not issue (counted, not imported)`,
    `  ${r.unknownCodes} with codes that mean no status (kept on the timeline)`,
    ...r.unknownCodeExamples.map(
      (e) => `    line ${e.line}: event "${e.scanEventCode}", operation "${e.operationCode}"`,
    ),
    `  ${r.ordersUpdated} order changes (each a <kind>.updated event)`,
  ];
  return lines.join('\n');
}

export async function trackingCommand(args: Args): Promise<number> {
  const [, , location] = args.positional;
  const config = loadConfig();
  const source = await openSource(location, { allowPrivate: config.allowPrivateUrls });
  try {
    const result = await withDatabase(async (db) => {
      const signer = createUrlSigner(await loadSigningSecret(db.pool), config.publicUrl, systemClock);
      // Piped at once: the source counts bytes with a 'data' listener, which starts it flowing,
      // and what flows before the import reads would be lost.
      const raw = source.open();
      const bytes: Readable = raw.pipe(/\.gz$/i.test(source.name) ? createGunzip() : new PassThrough());
      return importScans(db.pool, bytes, { now: systemClock.now(), signer });
    });
    console.log(args.flags.json ? JSON.stringify(result, null, 2) : describeImport(location, result));
    return 0;
  } catch (err) {
    if (!(err instanceof ScanFileError)) throw err;
    console.error(`${location}: ${err.message}; nothing was imported`);
    return 1;
  } finally {
    await source.cleanup();
  }
}
