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
