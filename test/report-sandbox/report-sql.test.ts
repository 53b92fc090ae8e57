import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prepareReportSql, ReportSqlError, ReportSqlForbidden } from '../../src/report-sandbox/report-sql.js';

const refused = (sql: string, problem: RegExp, params: string[] = []) =>
  assert.throws(
    () => prepareReportSql(sql, params),
    (err: unknown) => {
      assert.ok(err instanceof ReportSqlError);
      assert.match(err.message, problem);
      return true;
    },
  );

test('a final semicolon goes; nothing but comments may follow it', () => {
  assert.equal(prepareReportSql('SELECT 1;').text, 'SELECT 1');
  assert.equal(prepareReportSql('SELECT 1 ; ; -- done\n').text, 'SELECT 1 ');
  refused('SELECT 1; SELECT 2', /single statement/);
  refused('SELECT 1; /* c */ DROP TABLE x', /single statement/);
});

test('semicolons, parentheses and question marks inside literals and comments are text', () => {
  const sql = `SELECT ';)', E'\\';)', $tag$ ; ) ? $tag$, $$?$$, "a;)" -- ; )\nFROM t /* ; ) /* nested ) */ ? */`;
  assert.deepEqual(prepareReportSql(sql, ['x']), { text: sql, parameterCount: 0 });
  assert.equal(prepareReportSql("SELECT 'it''s; fine'").text, "SELECT 'it''s; fine'");
});

test('parentheses must balance, so the text cannot close the query it is wrapped in', () => {
  refused('SELECT 1) q; DROP TABLE x; SELECT (1', /"\)" without/);
  refused('SELECT (1', /"\(" without/);
  refused('SELECT (1;) ', /inside parentheses/);
});

test('unterminated strings, identifiers, dollar quotes and comments are refused', () => {
  refused("SELECT 'a", /unterminated string/);
  refused('SELECT "a', /unterminated quoted identifier/);
  refused('SELECT $x$ a', /unterminated dollar-quoted/);
  refused('SELECT 1 /* a /* b */', /unterminated \/\*/);
  refused("SELECT E'\\'", /unterminated string/);
  refused('   ', /empty/);
  refused(';', /empty/);
});

test('? becomes $n only with params and no $n of its own; $n is counted', () => {
  assert.deepEqual(prepareReportSql('SELECT * FROM t WHERE a = ? AND b > ?', ['1', '2']), {
    text: 'SELECT * FROM t WHERE a = $1 AND b > $2',
    parameterCount: 2,
  });
  assert.deepEqual(prepareReportSql("SELECT data ? 'k' FROM t"), {
    text: "SELECT data ? 'k' FROM t",
    parameterCount: 0,
  });
  assert.deepEqual(prepareReportSql('SELECT $2, $1, data ? $1 FROM t', ['a', 'b']), {
    text: 'SELECT $2, $1, data ? $1 FROM t',
    parameterCount: 2,
  });
  // `a$1` is an identifier, not a parameter.
  assert.equal(prepareReportSql('SELECT a$1 FROM t').parameterCount, 0);
});

test('system names are refused however they are spelled; in literals and comments they are text', () => {
  for (const sql of [
    'SELECT * FROM pg_class',
    'SELECT * FROM PG_CATALOG.PG_CLASS',
    'SELECT * FROM "pg_class"',
    'SELECT * FROM U&"pg\\005fclass"',
    'SELECT * FROM u&"\\+000070g_class"',
    "SELECT has_database_privilege('postgres', 'CONNECT')",
    "SELECT query_to_xml('SELECT 1', true, true, '')",
    'SELECT txid_current()',
  ])
    assert.throws(() => prepareReportSql(sql), ReportSqlForbidden, sql);
  assert.throws(() => prepareReportSql(`SELECT * FROM U&"d!0061ta" UESCAPE '!'`), /UESCAPE/);
  for (const sql of [
    "SELECT 'pg_class' AS name",
    'SELECT 1 -- pg_class',
    'SELECT 1 /* pg_database */',
    'SELECT $$pg_roles$$ AS t',
    'SELECT pg_typeof(1), my_pg_column FROM contacts',
  ])
    assert.doesNotThrow(() => prepareReportSql(sql), sql);
});
