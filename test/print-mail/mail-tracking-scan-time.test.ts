import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readScans } from '../../src/api/print-mail/tracking/scan-parse.js';
import { parseScanTime } from '../../src/api/print-mail/tracking/scan-time.js';

test('scan times: the forms IV-MTR writes, read as Date reads them; anything else NaN', () => {
  for (const s of [
    '2026-03-02T14:05:00Z',
    '2026-03-02T14:05:00.123Z',
    '2026-03-02T14:05:00-05:00',
    '2026-03-02T14:05:00+0530',
    '2026-03-02T14:05Z',
    '2024-02-29T23:59:59.999+23:59',
  ])
    assert.equal(parseScanTime(s), new Date(s).getTime(), s);
  assert.equal(parseScanTime('2026-03-02 14:05:00'), Date.parse('2026-03-02T14:05:00Z'), 'no offset: UTC');
  assert.equal(parseScanTime('2026-03-02T14:05:00.123456Z'), Date.parse('2026-03-02T14:05:00.123Z'));
  for (const s of [
    '',
    '2026-03-02',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-03-02T24:00:00Z',
    '2026-03-02T14:60:00Z',
    '2026-03-02T14:05:00+24:00',
    '2026-03-02T14:05:00 Z',
    '2026-03-02T14:05:00.Z',
    'x026-03-02T14:05Z',
  ])
    assert.ok(Number.isNaN(parseScanTime(s)), s);
});

test('a character split between two chunks of the file stays whole', async () => {
  const text =
    'imb|scanDatetime|scanEventCode|scanFacilityName\n00310123456000000001|2026-03-02T14:05:00Z|10|ZÜRICH\n';
  const bytes = Buffer.from(text);
  const cut = bytes.indexOf(Buffer.from('Ü')) + 1;
  const scans = [];
  for await (const batch of readScans([bytes.subarray(0, cut), bytes.subarray(cut)])) scans.push(...batch);
  assert.equal(JSON.parse(scans[0].detail).scanFacilityName, 'ZÜRICH');
});

test('JSON records read the same wherever the chunks split them: escapes, quotes and braces in strings, line numbers', async () => {
  const records = [
    '{"imb":"00310123456000000001","scanDatetime":"2026-03-02T14:05:00Z","scanEventCode":"10","scanFacilityName":"A \\"}{[\\" B\\\\"}',
    '{"imb":"00310123456000000002","scanDatetime":"2026-03-02T15:05:00Z","scanEventCode":"OF","scanFacilityName":"\\u00dc\\n}"}',
    '{"imb":"00310123456000000003","scanDatetime":"2026-03-02T16:05:00Z","operationCode":"271","machineName":"\\\\"}',
  ];
  const text = `{"events": [\n${records.join(',\n')}\n]}\n`;
  const read = async (chunks: string[]) => {
    const scans = [];
    for await (const batch of readScans(chunks)) scans.push(...batch);
    return scans.map((s) => [s.line, s.tracking, s.scanEventCode, s.operationCode, s.detail]);
  };
  const whole = await read([text]);
  assert.deepEqual(
    whole.map((s) => [
      s[0],
      JSON.parse(s[4] as string).scanFacilityName ?? JSON.parse(s[4] as string).machineName,
    ]),
    [
      [2, 'A "}{[" B\\'],
      [3, 'Ü\n}'],
      [4, '\\'],
    ],
  );
  for (let cut = 1; cut < text.length; cut++)
    assert.deepEqual(await read([text.slice(0, cut), text.slice(cut)]), whole, `cut at ${cut}`);
  assert.deepEqual(await read([...text]), whole, 'a character a chunk');
  // A cut file still names the record it ends in.
  await assert.rejects(
    read([text.slice(0, text.indexOf('OF'))]),
    /^Error: line 3: the file ends inside a record/,
  );
});
