import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readScans } from '../../src/api/print-mail/tracking/scan-parse.js';
import {
  CODES,
  fieldNamed,
  type Scan,
  ScanFileError,
  type ScanValues,
  toScan,
} from '../../src/api/print-mail/tracking/scan-records.js';

const IMB = '00310123456000000001';

/** All the scans of a feed given in these chunks, or the error it is refused with. */
async function read(chunks: string[]): Promise<Scan[] | Error> {
  const scans: Scan[] = [];
  try {
    for await (const batch of readScans(chunks)) scans.push(...batch);
  } catch (err) {
    return err as Error;
  }
  return scans;
}

/**
 * What a record should read as, by the plain way: JSON.parse of the whole feed, then each
 * object's members by name. Used to check the one-pass reader against.
 */
function expected(doc: string): Scan[] | 'invalid' | 'refused' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(doc);
  } catch {
    return 'invalid';
  }
  if (!Array.isArray(parsed) || parsed.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
    return 'refused';
  const scans: Scan[] = [];
  for (const record of parsed) {
    const values: ScanValues = {};
    for (const [key, v] of Object.entries(record)) {
      const field = fieldNamed(key);
      if (field && v !== null) values[field] = String(v);
    }
    if (!CODES.some((f) => values[f] !== undefined)) return 'refused';
    try {
      scans.push(toScan(values, 1));
    } catch {
      return 'refused';
    }
  }
  return scans;
}

test('the one-pass JSON reader reads what JSON.parse reads and refuses what it refuses: every one-character change to a record', async () => {
  const record = `{"imb":"${IMB}","scanDatetime":"2026-03-02T14:05:00Z","scanEventCode":"10","scanFacilityZip":12207,"x":[1,{"y":null}],"mailPhase":"P\\u0031 \\"a\\""}`;
  const docs = new Set<string>();
  for (let i = 0; i <= record.length; i++) {
    docs.add(`[${record.slice(0, i)}${record.slice(i + 1)}]`);
    for (const c of [',', ':', '"', '{', '}', '[', ']', '\\', '0', 'e', '-', ' ', '\u0001', 'x'])
      docs.add(`[${record.slice(0, i)}${c}${record.slice(i)}]`);
  }
  let accepted = 0;
  const refused = { invalid: 0, refused: 0 };
  for (const doc of docs) {
    const want = expected(doc);
    const got = await read([doc]);
    if (want === 'invalid' || want === 'refused') {
      // Refused for the first thing wrong met: a bad JSON token, or a record before it that cannot be read.
      assert.ok(got instanceof ScanFileError, `${doc}: refused, got ${JSON.stringify(got)}`);
      refused[want]++;
    } else {
      assert.ok(Array.isArray(got), `${doc}: read, got ${got}`);
      assert.deepEqual(got, want, doc);
      accepted++;
    }
  }
  // Some changes keep the record good (a space, a digit in an ignored member...): both kinds were seen.
  assert.ok(
    accepted > 10 && refused.invalid > 100 && refused.refused > 10,
    JSON.stringify({ accepted, refused }),
  );
});

test('JSON feeds: an array, an object holding the records beside other members, one record per line', async () => {
  const r = (n: number, extra = '') =>
    `{"imb":"0031012345600000000${n}","scanDatetime":"2026-03-02T1${n}:05:00Z","scanEventCode":"10"${extra}}`;
  const lines = (scans: Scan[] | Error) => {
    assert.ok(Array.isArray(scans), String(scans));
    return scans.map((s) => [s.line, s.tracking.slice(-1)]);
  };
  assert.deepEqual(lines(await read([`[${r(1)},\n${r(2)}]`])), [
    [1, '1'],
    [2, '2'],
  ]);
  assert.deepEqual(
    lines(
      await read([`{"meta": {"n": [1, {"a": "]"}]},\n "events": [\n${r(1)},\n${r(2)}\n], "more": [3]}\n`]),
    ),
    [
      [3, '1'],
      [4, '2'],
    ],
  );
  // A record with an array of strings is a record, not a container of records.
  assert.deepEqual(lines(await read([`${r(1, ',"tags":["a"]')}\n\n${r(2)}\n`])), [
    [1, '1'],
    [3, '2'],
  ]);
  assert.deepEqual(lines(await read(['{"events": []}\n'])), []);
  // A byte order mark before the feed, JSON or delimited, is not part of it.
  assert.deepEqual(lines(await read([`\ufeff[${r(1)}]`])), [[1, '1']]);
  const delimited = await read([`\ufeffimb|scanDatetime|scanEventCode\n${IMB}|2026-03-02T14:05:00Z|10\n`]);
  assert.deepEqual(Array.isArray(delimited) && delimited.map((s) => s.line), [2]);
  // Keys with escapes, and known fields given as numbers.
  const escaped = await read([
    `[{"im\\u0062":"${IMB}","scanDatetime":"2026-03-02T14:05:00Z","opCode":271,"scanFacilityZip":12207}]`,
  ]);
  assert.ok(Array.isArray(escaped));
  assert.deepEqual([escaped[0].operationCode, escaped[0].facilityZip], ['271', '12207']);
});

test('a JSON feed that is not records is refused naming the line', async () => {
  const message = async (doc: string) => {
    const got = await read([doc]);
    assert.ok(got instanceof ScanFileError, `${doc}: ${JSON.stringify(got)}`);
    return got.message;
  };
  const good = `{"imb":"${IMB}","scanDatetime":"2026-03-02T14:05:00Z","scanEventCode":"10"}`;
  assert.match(await message(`[${good},\n1]`), /^line 2: .*expected a record object in the records array/);
  assert.match(await message(`${good}\n"x"`), /^line 2: .*expected a record object, an array of records/);
  assert.match(await message(`[${good}\n${good}]`), /^line 2: .*expected "," or "\]" after a record/);
  assert.match(await message(`[${good},\n{"imb":"${IMB}",}]`), /^line 2: the record is not valid JSON/);
  assert.match(
    await message(`[${good},\n{"imb":"${IMB}\t"}]`),
    /^line 2: the record is not valid JSON \(a control character inside a string\)/,
  );
  assert.match(await message(`[\n\n${good.slice(0, 30)}`), /^line 3: the file ends inside a record/);
  const huge = `[\n{"imb":"${IMB}","x":"${'a'.repeat(3 << 20)}"}]`;
  const pieces = Array.from({ length: Math.ceil(huge.length / 500_000) }, (_, i) =>
    huge.slice(i * 500_000, (i + 1) * 500_000),
  );
  assert.match(((await read(pieces)) as Error).message, /^line 2: a record or value of more than 1 MiB/);
});
