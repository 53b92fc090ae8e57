import type { Pool } from '../../db/pool.js';
import type { Scope } from '../../db/scope.js';
import { reference } from '../../engines/address/index.js';
import type { Clock } from '../../platform/clock.js';
import { isReceivedCsv } from '../../platform/csv/received-csv.js';
import { invalid } from '../../platform/errors.js';
import { ID_PREFIX, newId } from '../../platform/ids.js';
import { LOOKUP_COST } from '../../platform/metering/metering.js';
import { geocodingEnabled } from '../../platform/metering/metering.repo.js';
import type { UrlSigner } from '../../platform/signed-url.js';
import { expectedFile } from '../../platform/supplied-file.js';
import { type AddverList, type ListUpload, MAX_LIST_ROWS, type StoredList } from './addver-list.schema.js';
import { planListColumns } from './list-rows.js';

/** The list an upload makes, checked: its file, mapping, country and options. */
export async function newList(
  deps: { pool: Pool; clock: Clock },
  scope: Scope,
  keyId: string,
  body: ListUpload,
): Promise<StoredList> {
  const { file, mappings } = body;
  if (!isReceivedCsv(file)) throw invalid('file', expectedFile({ what: 'CSV file', urls: false }));
  planListColumns(mappings, file.header);
  if (file.rowCount === 0) throw invalid('file', 'has a header row but no data rows.');
  if (file.rowCount > MAX_LIST_ROWS)
    throw invalid(
      'file',
      `has ${file.rowCount} rows; a list takes at most ${MAX_LIST_ROWS}. Split it into several lists.`,
    );
  if (body.runNCOA && body.runCCOA)
    throw invalid('runCCOA', 'cannot be set with runNCOA: split US and Canadian rows into separate lists.');
  for (const field of ['runNCOA', 'runCCOA'] as const)
    if (body[field])
      throw invalid(
        field,
        'is not available: change-of-address runs need the postal services’ licensed NCOA/CCOA data, which this server does not hold.',
      );
  const defaultCountry = body.defaultCountry?.toUpperCase();
  if (defaultCountry && !reference.country(defaultCountry))
    throw invalid('defaultCountry', `"${body.defaultCountry}" is not a known country code.`);
  const intl = !!body.useIntlVerification;
  if (!intl && defaultCountry && defaultCountry !== 'US' && defaultCountry !== 'CA')
    throw invalid('defaultCountry', 'must be US or CA unless useIntlVerification is set.');
  // Geocodes come with the standard plan's geocoding (spec 2.5); asked for on a plan without
  // it, a list would be charged for coordinates it cannot have.
  if (body.useGeocode && !(await geocodingEnabled(deps.pool, scope.orgId)))
    throw invalid('useGeocode', 'needs geocoding, which is not enabled for this organization.');
  const geocode = !!body.useGeocode;
  const perRow = intl
    ? LOOKUP_COST.intlBatchItem
    : LOOKUP_COST.batchItem + (geocode ? LOOKUP_COST.geocode : 0);
  const stamp = deps.clock.now().toISOString();
  return {
    id: newId(ID_PREFIX.addverList),
    name: body.name,
    status: 'pending',
    count: file.rowCount,
    numInvalidRows: 0,
    cost: file.rowCount * perRow,
    mappings,
    ...(defaultCountry ? { defaultCountry } : {}),
    runCCOA: false,
    runNCOA: false,
    useGeocode: geocode,
    useIntlVerification: intl,
    useProperCase: !!body.useProperCase,
    metadata: { statusCount: { verified: 0, corrected: 0, failed: 0 } },
    organization: scope.orgId,
    user: keyId,
    createdAt: stamp,
    updatedAt: stamp,
    live: scope.live,
    fileKey: file.blobKey,
    header: file.header,
    dataStart: file.dataStart,
    charged: { lookups: file.rowCount * perRow, perRow, geocode },
    progress: {
      rows: 0,
      offset: file.dataStart,
      parts: 0,
      invalid: 0,
      geocoded: 0,
      statusCount: { verified: 0, corrected: 0, failed: 0 },
    },
  };
}

/** A list as answered: blob keys become signed links, fresh on every read; job state stays in. */
export function presentList(doc: StoredList, signer: UrlSigner): AddverList {
  const { live, fileKey, resultKey, header, dataStart, charged, progress, ...shown } = doc;
  return {
    ...shown,
    // Counted as the job goes, so a list being verified shows how far it is.
    numInvalidRows: progress.invalid,
    metadata: { statusCount: { ...progress.statusCount } },
    file: signer.urlFor(fileKey),
    ...(resultKey ? { result: signer.urlFor(resultKey) } : {}),
  };
}
