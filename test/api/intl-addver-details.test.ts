import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  INTL_ADDRESS_FIELDS,
  INTL_COMPLETION_FIELDS,
  INTL_DETAIL_FIELDS,
} from '../../src/engines/address/intl/index.js';
import { importPoints } from '../../src/reference-store/import/import-points.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';
import { ADDRESS_LEVEL, COLUMBUS, EXAMPLES, type Example } from '../helpers/intl-detail-examples.js';

// Every row of the field tables (intl/detail-fields.ts, address-fields.ts, completion.ts) that
// has a source, shown over HTTP by an input of its own; rows without one never appear.
const fixture = (name: string) => path.resolve(import.meta.dirname, `../fixtures/${name}`);

let server: TestServer;
let key: string;

before(async () => {
  server = await startTestServer({}, { workers: false });
  key = await server.key({ org: 'intl-details', product: 'addver' });
  const pool = server.runtime.db.pool;
  await importPoints(pool, fixture('intl-points-details.csv'), { country: 'gb' });
  await importPoints(pool, fixture('intl-points-details-jp.csv'), { country: 'jp' });
  await importPoints(pool, fixture('import/nad-delivery.txt'));
});
after(() => server.close());

async function verified(address: unknown, query = '?includeDetails=true') {
  const res = await server.request('POST', `/v1/intl_addver/verifications${query}`, {
    key,
    json: { address },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

describe('every details row with a source, over HTTP', () => {
  const answers = new Map<Example, Record<string, unknown>>();
  before(async () => {
    for (const example of EXAMPLES) answers.set(example, await verified(example.address));
  });

  test('each example answers the fields it names', () => {
    for (const example of EXAMPLES) {
      const data = answers.get(example) as { details: Record<string, string> } & Record<string, unknown>;
      for (const [field, value] of Object.entries(example.expect)) {
        const got = ADDRESS_LEVEL.has(field) ? data[field] : data.details[field];
        assert.equal(got, value, `${field} of ${JSON.stringify(example.address)}: ${JSON.stringify(data)}`);
      }
    }
  });

  test('the table is walked: every row with a source has an example, every row without one never appears', () => {
    const shown = new Set(EXAMPLES.flatMap((e) => Object.keys(e.expect)));
    for (const row of INTL_DETAIL_FIELDS) {
      if (row.sources.includes('none')) {
        for (const data of answers.values())
          assert.equal((data.details as Record<string, string>)[row.field], undefined, row.field);
      } else assert.ok(shown.has(row.field), `no HTTP example shows details.${row.field}`);
    }
    for (const row of INTL_ADDRESS_FIELDS)
      if (ADDRESS_LEVEL.has(row.field)) assert.ok(shown.has(row.field), `no HTTP example shows ${row.field}`);
  });

  test('a field never appears without a source: a bare address answers only what it gives', async () => {
    const data = await verified({
      country: 'NL',
      line1: 'Damstraat 1',
      city: 'Utrecht',
      postalOrZip: '3511LK',
    });
    // The parse gives the number and street (with its type), the format the postal code, the
    // gazetteer the town (its municipality, Gemeente Utrecht, is the town again); nothing else.
    assert.deepEqual(Object.keys(data.details).sort(), [
      'cityName',
      'deliveryAddress',
      'postalOrZipPrimary',
      'premise',
      'premiseNumber',
      'street',
      'streetType',
    ]);
    for (const field of [
      'organization',
      'postBox',
      'SubBuildingFloor',
      'subStreet',
      'telephone',
      'premiseSecondary',
    ])
      assert.equal(data.details[field], undefined, field);
    assert.equal(data.firmName, undefined);
    assert.equal(data.zipPlus4, undefined);
  });

  test('a US point without a confirmed premise answers no zipPlus4; without includeDetails no details', async () => {
    const failed = await verified({ ...(COLUMBUS.address as object), line1: '79 N High St' });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.zipPlus4, undefined);
    const plain = await verified(COLUMBUS.address, '');
    assert.equal(plain.details, undefined);
    assert.equal(plain.zipPlus4, '3413');
  });
});

describe('completions carry building and error where they apply', () => {
  const resolved = async (
    partialStreet: string,
    countriesFilter: string,
    pick = (_: { text: string }) => true,
  ) => {
    const previews = await server.request(
      'GET',
      `/v1/intl_addver/completions?${new URLSearchParams({ partialStreet, countriesFilter, advanced: 'false' })}`,
      { key },
    );
    assert.equal(previews.status, 200, previews.text);
    let preview = previews.body.data.find(pick);
    if (preview?.type === 'Container') {
      const units = await server.request(
        'GET',
        `/v1/intl_addver/completions?advanced=true&container=${preview.id}`,
        { key },
      );
      preview = units.body.data[0];
    }
    assert.ok(preview, JSON.stringify(previews.body.data));
    const res = await server.request('POST', '/v1/intl_addver/completions', {
      key,
      json: { id: preview.id },
    });
    assert.equal(res.status, 200, res.text);
    return res.body.data;
  };

  test('a house name is the building; no postal code in a country that has them is the error', async () => {
    const cottage = await resolved('church lane', 'GB');
    assert.equal(cottage.building, 'ROSE COTTAGE');
    assert.equal(cottage.error, 'Missing Value: Postal code');
    assert.equal(cottage.line1, 'ROSE COTTAGE');
  });

  test('a unit that is a building is the building; a complete address has no error', async () => {
    const kingsway = await resolved('1 kingsway', 'GB');
    assert.equal(kingsway.building, 'BLDG 5');
    assert.equal(kingsway.error, undefined);
  });

  test('a required region missing is the error; company and department never appear', async () => {
    const minato = await resolved('shibakoen', 'JP');
    assert.equal(minato.error, 'Missing Value: Province or state');
    assert.equal(minato.building, undefined);
    for (const row of INTL_COMPLETION_FIELDS.filter((r) => r.sources.includes('none')))
      assert.equal(minato[row.field], undefined, row.field);
  });
});
