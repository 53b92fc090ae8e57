import { ensureOrganization } from '../../src/platform/auth/organizations.repo.js';
import { setPlan } from '../../src/platform/metering/metering.repo.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { importRanges } from '../../src/reference-store/ranges/import-ranges.js';
import { startTestServer, type TestServer } from './harness.js';
import { rangeZip } from './tiger-fixtures.js';
import { LOUISVILLE_CSV, writeFixture } from './verify-fixture.js';

/**
 * A test server holding the Louisville points (verify-fixture.ts) plus one Bardstown Road point in
 * 40204 (there its points, not its ranges, decide), and every TIGER/Line range fixture: the
 * Louisville ADDRFEAT with its names files, and Queens. `org` gets an address-verification key on
 * a plan with geocoding.
 */
export async function startRangeServer(org: string): Promise<{ server: TestServer; key: string }> {
  const server = await startTestServer({}, { workers: false });
  const key = await server.key({ org, product: 'addver' });
  const pool = server.runtime.db.pool;
  await setPlan(pool, (await ensureOrganization(pool, org)).id, { geocoding: true });
  const bardstown = '1310,BARDSTOWN RD,,Louisville,KY,40204,38.2400,-85.7200,b1\n';
  await importPoints(pool, writeFixture(`${org}.csv`, LOUISVILLE_CSV + bardstown));
  await importRanges(pool, [rangeZip('addrfeat'), rangeZip('addrfn'), rangeZip('featnames')]);
  await importRanges(pool, [rangeZip('queens')]);
  return { server, key };
}
