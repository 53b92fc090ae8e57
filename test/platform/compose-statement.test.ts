import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createPool, type Pool } from '../../src/db/pool.js';
import { composeStatement } from '../../src/db/statement.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

let pool: Pool;
before(async () => {
  pool = createPool(await testDatabaseUrl(), { max: 1 });
});
after(() => pool.end());

test('each part keeps its own $1..$n: placeholders are renumbered after the parts before it', () => {
  const s = composeStatement(
    [
      { name: 'a', statement: { text: 'SELECT $1::int AS x, $2::text AS y', values: [1, 'one'] } },
      {
        name: 'b',
        statement: { text: 'SELECT $1::int AS x, $12::int AS z', values: [2, ...Array(11).fill(0)] },
      },
    ],
    { text: 'SELECT $1::int AS w', values: [3] },
  );
  assert.equal(
    s.text,
    'WITH a AS (\nSELECT $1::int AS x, $2::text AS y\n),\nb AS (\nSELECT $3::int AS x, $14::int AS z\n)\nSELECT $15::int AS w',
  );
  assert.equal(s.values.length, 15);
  assert.deepEqual([s.values[0], s.values[2], s.values[14]], [1, 2, 3]);
});

test('no parts is the main query alone', () => {
  const s = composeStatement([], { text: 'SELECT $1', values: [7] });
  assert.deepEqual({ text: s.text, values: s.values }, { text: 'SELECT $1', values: [7] });
});

test('prepared under a name that is the same for the same text and differs for another', () => {
  const one = composeStatement([], { text: 'SELECT $1', values: [7] });
  const again = composeStatement([], { text: 'SELECT $1', values: [8] });
  const other = composeStatement([], { text: 'SELECT $1 + 1', values: [7] });
  assert.ok(one.name && one.name.length <= 63, 'a PostgreSQL identifier');
  assert.equal(again.name, one.name);
  assert.notEqual(other.name, one.name);
});

test('PostgreSQL runs a composed statement with every part bound to its own values', async () => {
  const s = composeStatement(
    [
      { name: 'a', statement: { text: 'SELECT $1::int AS x', values: [10] } },
      { name: 'b', statement: { text: 'SELECT $1::int AS x', values: [20] } },
    ],
    { text: 'SELECT a.x AS a, b.x AS b, $1::int AS c FROM a, b', values: [30] },
  );
  const { rows } = await pool.query(s);
  assert.deepEqual(rows, [{ a: 10, b: 20, c: 30 }]);
  // Sent again with other values on the same connection: the prepared statement binds them.
  const client = await pool.connect();
  try {
    for (const x of [1, 2]) {
      const again = { ...s, values: [x, x + 1, x + 2] };
      assert.deepEqual((await client.query(again)).rows, [{ a: x, b: x + 1, c: x + 2 }]);
    }
  } finally {
    client.release();
  }
});
