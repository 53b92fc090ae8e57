import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { saveContacts } from '../../src/api/print-mail/contacts/contacts.repo.js';
import { prepareContact } from '../../src/api/print-mail/contacts/contacts.service.js';
import { startTestServer, type TestServer } from '../helpers/harness.js';

// Saving a contact reads a handful of rows however many contacts its organization has, also
// under the generic plan a prepared statement falls back to (issue R2 §7: it hashed every
// contact of the organization on every create, 750 rows a create at 3,000 contacts).
const ORG_CONTACTS = 3_000;
let server: TestServer;
let orgId: string;
before(async () => {
  server = await startTestServer({}, { workers: false });
  const key = await server.key({ org: 'plan-org' });
  const res = await server.request('POST', '/print-mail/v1/contacts', {
    key,
    json: { firstName: 'First', addressLine1: '1 Main St', countryCode: 'US' },
  });
  assert.equal(res.status, 201);
  const pool = server.runtime.db.pool;
  orgId = (await pool.query("SELECT id FROM organizations WHERE name = 'plan-org'")).rows[0].id;
  await pool.query(
    `INSERT INTO contacts (id, org_id, live, content_hash, doc, search_text, created_at, updated_at)
     SELECT 'contact_plan' || i, $1, false, 'plan' || i,
            jsonb_build_object('id', 'contact_plan' || i, 'object', 'contact'), '', now(), now()
       FROM generate_series(1, $2::int) AS i`,
    [orgId, ORG_CONTACTS],
  );
});
after(() => server.close());

async function tuplesFetchedBySave(firstName: string, plan: 'force_generic_plan' | 'force_custom_plan') {
  const client = await server.runtime.db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL plan_cache_mode = ${plan}`);
    const row = await prepareContact(
      { firstName, addressLine1: '1 Main St', countryCode: 'US' },
      {
        scope: { orgId, live: false },
        orgCountryCode: 'US',
        addressing: server.runtime.deps.addressing,
        now: new Date(),
      },
    );
    await saveContacts(client, { orgId, live: false }, [row]);
    const { rows } = await client.query(
      "SELECT pg_stat_get_xact_tuples_fetched('contacts'::regclass)::int AS n",
    );
    await client.query('ROLLBACK');
    return rows[0].n as number;
  } finally {
    client.release();
  }
}

test('a create, new or a duplicate, reads a handful of rows whatever the organization holds', async () => {
  for (const plan of ['force_generic_plan', 'force_custom_plan'] as const) {
    for (const firstName of ['First', 'Someone New']) {
      const fetched = await tuplesFetchedBySave(firstName, plan);
      assert.ok(fetched <= 5, `${plan}, ${firstName}: ${fetched} rows read of ${ORG_CONTACTS}`);
    }
  }
});
