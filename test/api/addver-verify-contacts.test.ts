import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LOUISVILLE_CSV, writeFixture } from '../helpers/verify-fixture.js';

let server: TestServer;
let live: string;
const PATH = '/print-mail/v1/contacts';
const contact = (addressLine1: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Kim',
  addressLine1,
  city: 'louisville',
  provinceOrState: 'KY',
  postalOrZip: '40205',
  countryCode: 'US',
  ...extra,
});

before(async () => {
  server = await startTestServer();
  live = await server.key({ org: 'live-contacts', mode: 'live' });
  await importPoints(server.runtime.db.pool, writeFixture('contacts-louisville.csv', LOUISVILLE_CSV));
});
after(() => server.close());

test('live contacts are verified and stored standardized, upper case', async () => {
  const res = await server.request('POST', PATH, { key: live, json: contact('1920 Newburg Rd') });
  assert.equal(res.status, 201);
  assert.equal(res.body.addressStatus, 'verified');
  assert.equal(res.body.addressErrors, undefined);
  assert.deepEqual(
    [res.body.addressLine1, res.body.city, res.body.provinceOrState, res.body.postalOrZip],
    ['1920 NEWBURG RD', 'LOUISVILLE', 'KY', '40205'],
  );
});

test('a correction is stored as one addressErrors string; a non-existent address fails', async () => {
  const typo = await server.request('POST', PATH, { key: live, json: contact('1920 Newbrug Road') });
  assert.equal(typo.body.addressStatus, 'corrected');
  assert.equal(typo.body.addressErrors, 'line1: Typo in Value: Street name; line1: Verbosity: Street type');
  assert.equal(typo.body.addressLine1, '1920 NEWBURG RD');
  const missing = await server.request('POST', PATH, { key: live, json: contact('1922 Newburg Rd') });
  assert.equal(missing.body.addressStatus, 'failed');
  assert.equal(missing.body.addressErrors, 'line1: Incorrect Value: Civic number');
  assert.equal(missing.body.addressLine1, '1922 NEWBURG RD');
});

test('skipVerification and forceVerifiedStatus are honoured; a whole address in addressLine1 is split', async () => {
  const skipped = await server.request('POST', PATH, {
    key: live,
    json: contact('1922 Newburg Rd', { skipVerification: true, description: 'skip' }),
  });
  assert.equal(skipped.body.addressStatus, 'failed');
  const forced = await server.request('POST', PATH, {
    key: live,
    json: contact('1922 Newburg Rd', { forceVerifiedStatus: true, description: 'force' }),
  });
  assert.equal(forced.body.addressStatus, 'verified');
  const whole = await server.request('POST', PATH, {
    key: live,
    json: { firstName: 'Kim', addressLine1: '2221 Wadsworth Ave, Louisville, KY 40205', countryCode: 'US' },
  });
  assert.equal(whole.body.addressStatus, 'verified');
  assert.deepEqual([whole.body.addressLine1, whole.body.postalOrZip], ['2221 WADSWORTH AVE', '40205']);
});
