import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { ApiError } from '../../src/platform/errors.js';
import { expectedFile, fileValue, suppliedFileName } from '../../src/platform/supplied-file.js';

const PDF = { what: 'PDF', urls: true };
const bytesOf = (value: unknown, rules = PDF) => {
  const file = fileValue(value, 'pdf', rules);
  assert.ok('bytes' in file, `inline, not ${file.form}`);
  return file.bytes;
};
const refusal = (value: unknown, rules = PDF) => {
  try {
    fileValue(value, 'pdf', rules);
  } catch (err) {
    assert.ok(err instanceof ApiError);
    assert.equal(err.statusCode, 400);
    assert.match(err.message, /^pdf /);
    return err.message;
  }
  assert.fail(`${String(value).slice(0, 40)} was taken`);
};

const wrap = (text: string, width: number, eol: string) =>
  text.replace(new RegExp(`(.{${width}})`, 'g'), `$1${eol}`).replace(/\s+$/, '');
const urlSafe = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_');

describe('supplied files: base64 in every spelling clients send', () => {
  // Every length mod 3 (so every padding), bytes that need + and / (and - and _).
  for (const size of [1, 2, 3, 4, 5, 255, 1000, 4096 + 1]) {
    test(`${size} bytes`, () => {
      const raw = randomBytes(size);
      raw[0] = 0xfb; // 111110 11...: a '+' in standard, '-' in URL-safe
      if (size > 1) raw[1] = 0xff;
      const b64 = raw.toString('base64');
      const spellings = {
        standard: b64,
        unpadded: b64.replace(/=+$/, ''),
        'URL-safe': urlSafe(b64),
        'URL-safe unpadded': urlSafe(b64).replace(/=+$/, ''),
        'MIME lines (76, CRLF)': wrap(b64, 76, '\r\n'),
        'PEM lines (64, LF)': wrap(b64, 64, '\n'),
        'surrounding whitespace': `\n  ${b64}\n`,
      };
      for (const [name, text] of Object.entries(spellings)) {
        const file = fileValue(text, 'pdf', PDF);
        assert.equal(file.form, 'base64', name);
        assert.ok(bytesOf(text).equals(raw), name);
      }
    });
  }

  test('a 20 MB file decodes in well under a second', () => {
    const raw = randomBytes(20 * 1024 * 1024);
    const text = raw.toString('base64');
    const started = performance.now();
    assert.ok(bytesOf(text).equals(raw));
    const ms = performance.now() - started;
    assert.ok(ms < 2000, `${ms} ms`);
  });
});

describe('supplied files: data: URLs', () => {
  const raw = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  test('base64, with or without a type and parameters', () => {
    for (const url of [
      `data:application/pdf;base64,${raw.toString('base64')}`,
      `data:;base64,${raw.toString('base64')}`,
      `DATA:Application/PDF;name=letter.pdf;BASE64,${raw.toString('base64')}`,
      `data:application/pdf;base64,${encodeURIComponent(raw.toString('base64'))}`,
      `data:application/pdf;base64,${urlSafe(raw.toString('base64')).replace(/=+$/, '')}`,
    ]) {
      const file = fileValue(url, 'pdf', PDF);
      assert.equal(file.form, 'data_url', url);
      assert.ok(bytesOf(url).equals(raw), url);
    }
  });
  test('percent-encoded', () => {
    const url = `data:application/pdf,${[...raw].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`;
    assert.ok(bytesOf(url).equals(raw));
    assert.ok(bytesOf('data:,%25PDF-1.4 plain').equals(Buffer.from('%PDF-1.4 plain')));
  });
  test('its name, when it has one, names the file', () => {
    assert.equal(
      fileValue('data:application/pdf;name=spring%20offer.pdf;base64,JVBE', 'pdf', PDF).form,
      'data_url',
    );
    assert.equal(
      suppliedFileName('data:application/pdf;name=spring%20offer.pdf;base64,JVBE', 'upload.pdf'),
      'spring offer.pdf',
    );
    assert.equal(suppliedFileName('data:application/pdf;base64,JVBE', 'upload.pdf'), 'upload.pdf');
    assert.equal(suppliedFileName('JVBERi0xLjQ=', 'upload.pdf'), 'upload.pdf');
    assert.equal(suppliedFileName(' https://example.com/a.pdf ', 'upload.pdf'), 'https://example.com/a.pdf');
    assert.equal(
      suppliedFileName({ kind: 'upload', filename: 'mine.pdf', mimetype: '', data: Buffer.alloc(0) }, 'x'),
      'mine.pdf',
    );
  });
  test('malformed ones are refused, naming the field', () => {
    assert.match(refusal('data:application/pdf;base64'), /data: URL without the comma/);
    assert.match(
      refusal('data:application/pdf;base64,JVB*ERi0'),
      /data: URL whose base64 data is not valid: character 4 of its data is '\*'/,
    );
    assert.match(refusal('data:application/pdf,%PDF'), /'%' not followed by two hex digits/);
  });
});

describe('supplied files: URLs, uploads and what is neither', () => {
  test('http(s) URLs are URLs, never base64', () => {
    for (const url of ['https://example.com/letter.pdf', ' HTTP://example.com/a ', 'https://x/abc+def/ghi=='])
      assert.deepEqual(fileValue(url, 'pdf', PDF), { form: 'url', url: url.trim() });
    assert.match(
      refusal('https://example.com/a.pdf', { what: 'PDF', urls: false }),
      /is a URL, which this field does not fetch/,
    );
  });
  test('an upload is an upload', () => {
    const file = { kind: 'upload', filename: 'a.pdf', mimetype: 'application/pdf', data: Buffer.from('x') };
    assert.deepEqual(fileValue(file, 'pdf', PDF), { form: 'upload', file });
  });
  test('other text is a 400 that says what the field takes', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['', /is empty/],
      ['   ', /is empty/],
      ['ftp://example.com/a.pdf', /is a ftp: URL, which is not fetched/],
      ['file:///etc/passwd', /is a file: URL/],
      [
        'www.example.com/letter.pdf',
        /is neither a URL \(one starts with http:\/\/ or https:\/\/\) nor base64: character 4 is '\.'/,
      ],
      ['letter.pdf', /neither a URL .* nor base64/],
      ['JVBER i0xLjQ=', /character 6 is a space \(in a form body a '\+' must be sent as %2B/],
      ['JVBER\ti0xLjQ=', /character 6 is a tab/],
      ['JVBERi0x!LjQ=', /not valid base64: character 9 is '!'/],
      ['JVBE=Ri0xLjQ=', /'=' padding at character 5, before its end/],
      ['JVBERi0xL===', /ends in 3 '='/],
      ['JVBERi0xL', /9 characters cannot be whole base64/],
      ['JVBERi0xLjQ', null as unknown as RegExp], // 11 characters, unpadded: whole (8 bytes)
      ['JVBERi0xLj=', /11 characters cannot be whole base64|cannot be whole/],
      ['JVBERi0xLjQé', /character 12 is 'é'/],
      [42, /must be an http\(s\) URL of a PDF/],
      [{ url: 'https://example.com/a.pdf' }, /must be an http\(s\) URL of a PDF/],
      [null, /must be/],
    ];
    for (const [value, message] of cases) {
      if (message === null) {
        assert.equal(bytesOf(value).length, 8);
        continue;
      }
      assert.match(refusal(value), message, JSON.stringify(value));
    }
  });
  test('the message names every form the field takes', () => {
    assert.equal(
      expectedFile(PDF),
      'must be an http(s) URL of a PDF, the PDF itself in base64 or as a data: URL, or the PDF as a multipart file part.',
    );
    assert.equal(
      expectedFile({ what: 'CSV file', urls: false }),
      'must be the CSV file itself in base64 or as a data: URL, or the CSV file as a multipart file part.',
    );
  });
});
