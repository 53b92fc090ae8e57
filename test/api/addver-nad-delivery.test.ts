import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { LOUISVILLE_CSV, writeFixture } from '../helpers/verify-fixture.js';

// NAD points with the delivery fields (test/fixtures/import/nad-delivery.txt, the NAD text
// layout) beside OpenAddresses points (LOUISVILLE_CSV), which carry none of them.
const NAD = path.resolve(import.meta.dirname, '../fixtures/import/nad-delivery.txt');

let server: TestServer;
let key: string;
let imported: Awaited<ReturnType<typeof importPoints>>;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'nad-delivery', product: 'addver' });
  const pool = server.runtime.db.pool;
  imported = await importPoints(pool, NAD);
  await importPoints(pool, writeFixture('nad-delivery-louisville.csv', LOUISVILLE_CSV));
});
after(() => server.close());

const verify = (address: unknown, query = '?includeDetails=true') =>
  server.request('POST', `/v1/addver/verifications${query}`, { key, json: { address } });

const HIGH = {
  line1: '77 N High St',
  city: 'Columbus',
  provinceOrState: 'OH',
  postalOrZip: '43215',
  country: 'us',
};
const TAYLORSVILLE = {
  line1: '10434 Taylorsville Rd',
  city: 'Louisville',
  provinceOrState: 'KY',
  postalOrZip: '40299',
  country: 'us',
};

describe('NAD import', () => {
  test('the retired point is not stored (test/cli/data-import-formats.test.ts checks the stored fields)', () => {
    assert.equal(imported.rows, 8);
    assert.equal(imported.inserted, 7);
    assert.deepEqual(imported.skipped, { 'retired (NAD Lifecycle)': 1 });
  });
});

describe('a NAD point answers zipPlus4, residential and the delivery point barcode', () => {
  test('Plus_4 and Addr_Type: zipPlus4, residential, delivery point, check digit, barcode', async () => {
    const res = await verify(HIGH);
    assert.equal(res.status, 200, res.text);
    const d = res.body.data;
    assert.equal(d.status, 'verified');
    assert.deepEqual(d.errors, {});
    assert.equal(d.postalOrZip, '43215');
    assert.equal(d.zipPlus4, '3413');
    assert.equal(d.details.residential, false);
    assert.equal(d.details.usMailingsDeliveryPoint, '77');
    assert.equal(d.details.usMailingCheckDigit, '0');
    assert.equal(d.details.usPostnetBarcode, 'f432153413770f');

    const home = (await verify(TAYLORSVILLE)).body.data;
    assert.equal(home.zipPlus4, '3806');
    assert.equal(home.details.residential, true);
    assert.equal(home.details.usMailingsDeliveryPoint, '34');
    assert.equal(home.details.usMailingCheckDigit, '2');
    assert.equal(home.details.usPostnetBarcode, 'f402993806342f');
  });

  test('zipPlus4 without includeDetails; the details only with it', async () => {
    const d = (await verify(HIGH, '')).body.data;
    assert.equal(d.zipPlus4, '3413');
    assert.equal('details' in d, false);
  });

  test('a corrected address answers them too; Addr_Type Unknown leaves residential out; a padded add-on', async () => {
    const d = (await verify({ ...TAYLORSVILLE, line1: '10500 Taylorsvile Road' })).body.data;
    assert.equal(d.status, 'corrected');
    assert.equal(d.zipPlus4, '0030');
    assert.equal('residential' in d.details, false);
    assert.equal(d.details.usMailingsDeliveryPoint, '00');
    assert.equal(d.details.usPostnetBarcode, 'f402990030003f');
  });

  test("a unit answers its own point's add-on; a building's unit missing fails and answers none", async () => {
    const unit = (await verify({ ...HIGH, line1: '215 E Long St Apt 2' })).body.data;
    assert.equal(unit.status, 'verified');
    assert.equal(unit.zipPlus4, '6102');
    assert.equal(unit.details.usMailingsDeliveryPoint, '15');
    assert.equal(unit.details.usMailingCheckDigit, '0');
    assert.equal(unit.details.usPostnetBarcode, 'f432156102150f');
    const missing = (await verify({ ...HIGH, line1: '215 E Long St' })).body.data;
    assert.equal(missing.status, 'failed');
    assert.deepEqual(missing.errors, { line1: ['Missing Value: Suite identifier'] });
    assert.equal('zipPlus4' in missing, false);
    for (const field of ['residential', 'usMailingsDeliveryPoint', 'usMailingCheckDigit', 'usPostnetBarcode'])
      assert.equal(field in missing.details, false, field);
  });

  test('a retired point does not verify: its number is unknown on a street the data has', async () => {
    const d = (await verify({ ...TAYLORSVILLE, line1: '10436 Taylorsville Rd' })).body.data;
    assert.equal(d.status, 'failed');
    assert.deepEqual(d.errors, { line1: ['Incorrect Value: Civic number'] });
    assert.equal('zipPlus4' in d, false);
    assert.equal('residential' in d.details, false);
  });
});

describe('Post_City is the answer city', () => {
  test("with the ZIP's own city, with Post_City, with another city, with none", async () => {
    // The ZIP's city (Louisville) is right for 40299: no error, the point's mailing city answered.
    const zipCity = (await verify(TAYLORSVILLE, '')).body.data;
    assert.equal(zipCity.status, 'verified');
    assert.deepEqual(zipCity.errors, {});
    assert.equal(zipCity.city, 'JEFFERSONTOWN');

    const own = (await verify({ ...TAYLORSVILLE, city: 'Jeffersontown' }, '?properCase=true')).body.data;
    assert.equal(own.status, 'verified');
    assert.equal(own.city, 'Jeffersontown');

    const wrong = (await verify({ ...TAYLORSVILLE, city: 'Lexington' }, '')).body.data;
    assert.equal(wrong.status, 'corrected');
    assert.deepEqual(wrong.errors, { city: ['Incorrect Value: City'] });
    assert.equal(wrong.city, 'JEFFERSONTOWN');

    const none = (await verify({ ...TAYLORSVILLE, city: '' }, '')).body.data;
    assert.equal(none.status, 'corrected');
    assert.deepEqual(none.errors, { city: ['Missing Value: City'] });
    assert.equal(none.city, 'JEFFERSONTOWN');
  });

  test('the city finds the ZIP: Post_City without a ZIP', async () => {
    const d = (await verify('10434 Taylorsville Rd, Jeffersontown, KY', '')).body.data;
    assert.equal(d.status, 'corrected');
    assert.deepEqual(d.errors, { postalOrZip: ['Missing Value: Zip Code'] });
    assert.equal(d.postalOrZip, '40299');
    assert.equal(d.city, 'JEFFERSONTOWN');
    assert.equal(d.zipPlus4, '3806');
  });

  test("a NAD point without Post_City answers the ZIP's city, as before", async () => {
    const d = (await verify({ ...TAYLORSVILLE, line1: '10500 Taylorsville Rd', city: 'Jeffersontown' }, ''))
      .body.data;
    assert.equal(d.status, 'verified');
    assert.equal(d.city, 'LOUISVILLE');
  });
});

describe('Urbnztn_PR: the urbanization on line2', () => {
  test('answered from the point when the input names none, kept when it names the same', async () => {
    const base = {
      line1: '150 Calle A',
      city: 'San Juan',
      provinceOrState: 'PR',
      postalOrZip: '00926',
      country: 'us',
    };
    const d = (await verify(base)).body.data;
    assert.equal(d.status, 'verified', JSON.stringify(d));
    assert.equal(d.line2, 'URB LAS GLADIOLAS');
    assert.equal(d.zipPlus4, '2112');
    assert.equal(d.details.usPostnetBarcode, 'f009262112502f');
    const same = (
      await server.request('POST', '/v1/addver/verifications/batch', {
        key,
        json: { addresses: [{ ...base, urbanization: 'Urb Las Gladiolas' }] },
      })
    ).body.data.results[0].verifiedAddress;
    assert.equal(same.line2, 'URB LAS GLADIOLAS');
  });
});

describe('OpenAddresses points answer exactly as before', () => {
  test('no zipPlus4, no residential, no delivery point, check digit or barcode; the ZIP city', async () => {
    const d = (
      await verify(
        {
          line1: '1920 Newburg Rd',
          city: 'Louisville',
          provinceOrState: 'KY',
          postalOrZip: '40205',
          country: 'us',
        },
        '?includeDetails=true',
      )
    ).body.data;
    assert.equal(d.status, 'verified');
    assert.equal(d.city, 'LOUISVILLE');
    assert.equal('zipPlus4' in d, false);
    assert.equal('line2' in d, false);
    for (const field of ['residential', 'usMailingsDeliveryPoint', 'usMailingCheckDigit', 'usPostnetBarcode'])
      assert.equal(field in d.details, false, field);
    const { county, countyNum, usTimeZone, streetNumber, streetName, streetType } = d.details;
    assert.deepEqual(
      { county, countyNum, usTimeZone, streetNumber, streetName, streetType },
      {
        county: 'JEFFERSON',
        countyNum: '111',
        usTimeZone: 'America/Kentucky/Louisville',
        streetNumber: '1920',
        streetName: 'NEWBURG',
        streetType: 'RD',
      },
    );
  });
});

describe('batch, suggestions and the answer shape are the same', () => {
  test('batch items answer the same fields', async () => {
    const res = await server.request('POST', '/v1/addver/verifications/batch?includeDetails=true', {
      key,
      json: { addresses: [HIGH, '1920 Newburg Rd, Louisville, KY 40205'] },
    });
    assert.equal(res.status, 200, res.text);
    const [nad, oa] = res.body.data.results.map((r: { verifiedAddress: any }) => r.verifiedAddress);
    assert.equal(nad.zipPlus4, '3413');
    assert.equal(nad.details.usPostnetBarcode, 'f432153413770f');
    assert.equal(nad.details.residential, false);
    assert.equal('zipPlus4' in oa, false);
    assert.equal('usPostnetBarcode' in oa.details, false);
  });

  test('suggestions answer them for each suggested NAD point, with its mailing city', async () => {
    const res = await server.request('POST', '/v1/addver/suggestions?includeDetails=true', {
      key,
      json: { address: { ...TAYLORSVILLE, line1: '10440 Taylorsville Rd' } },
    });
    assert.equal(res.status, 200, res.text);
    const [first] = res.body.data;
    assert.equal(first.line1, '10434 TAYLORSVILLE RD');
    assert.equal(first.city, 'JEFFERSONTOWN');
    assert.equal(first.zipPlus4, '3806');
    assert.equal(first.details.residential, true);
    assert.equal(first.details.usPostnetBarcode, 'f402993806342f');
    const exact = (await server.request('POST', '/v1/addver/suggestions', { key, json: { address: HIGH } }))
      .body.data;
    assert.equal(exact[0].zipPlus4, '3413');
  });
});
