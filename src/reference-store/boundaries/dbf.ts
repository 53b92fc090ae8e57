import type { Readable } from 'node:stream';
import { ImportInputError } from '../import/import-errors.js';
import { ByteReader } from './byte-reader.js';

/**
 * A streaming reader of the .dbf part of a shapefile (dBASE III: a 32-byte header, 32-byte
 * field descriptors ended by 0x0D, then fixed-length records each led by a deletion flag).
 * Text is decoded as the .cpg says (TIGER/Line: UTF-8), UTF-8 without one.
 */

export interface DbfField {
  /** Upper case, as TIGER/Line names them (STATEFP, TRACTCE, BLOCKCE20...). */
  name: string;
  type: string;
  offset: number;
  length: number;
}

export class DbfReader {
  private readonly bytes: ByteReader;
  private read = 0;
  fields: DbfField[] = [];
  /** Records the header announces. */
  records = 0;
  private recordLength = 0;
  private readonly decoder: TextDecoder;

  private constructor(
    stream: Readable,
    readonly name: string,
    encoding: string,
  ) {
    this.bytes = new ByteReader(stream, name);
    this.decoder = new TextDecoder(encoding);
  }

  /** Opens and reads the header and field list. `cpg`: the .cpg file's text, if there is one. */
  static async open(stream: Readable, name: string, cpg?: string): Promise<DbfReader> {
    const reader = new DbfReader(stream, name, encodingOf(cpg));
    const head = await reader.bytes.read(32, 'the header');
    const version = head?.[0] ?? 0;
    // dBASE III (0x03), with memo (0x83), FoxPro (0x30, 0x31, 0xF5), dBASE IV/7 (0x04, 0x8B...).
    const known = [0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0xcb, 0xf5, 0xfb];
    if (!head || !known.includes(version)) throw new ImportInputError(`${name}: not a dBASE file (.dbf)`);
    reader.records = head.readUInt32LE(4);
    const headerLength = head.readUInt16LE(8);
    reader.recordLength = head.readUInt16LE(10);
    if (headerLength < 33)
      throw new ImportInputError(`${name}: not a dBASE file (.dbf): header of ${headerLength} bytes`);
    const rest = await reader.bytes.need(headerLength - 32, 'the field list');
    let offset = 1;
    for (let at = 0; at + 32 <= rest.length && rest[at] !== 0x0d; at += 32) {
      const raw = rest.subarray(at, at + 11);
      const end = raw.indexOf(0);
      const fieldName = raw
        .subarray(0, end < 0 ? 11 : end)
        .toString('latin1')
        .trim()
        .toUpperCase();
      const length = rest[at + 16];
      reader.fields.push({ name: fieldName, type: String.fromCharCode(rest[at + 11]), offset, length });
      offset += length;
    }
    if (!reader.fields.length || offset !== reader.recordLength)
      throw new ImportInputError(
        `${name}: not a dBASE file (.dbf): ${reader.fields.length} fields of ${offset - 1} bytes in records of ${reader.recordLength}`,
      );
    return reader;
  }

  field(name: string): DbfField | undefined {
    return this.fields.find((f) => f.name === name);
  }

  /** The next record (undefined after the last the header announced) and whether it is marked deleted. */
  async next(): Promise<{ raw: Buffer; deleted: boolean } | undefined> {
    if (this.read >= this.records) return undefined;
    const n = this.read + 1;
    const raw = await this.bytes.read(this.recordLength, `record ${n} of ${this.records}`);
    if (!raw)
      throw new ImportInputError(
        `${this.name}: the file is cut short: it ends after record ${this.read} of the ${this.records} its header announces`,
      );
    this.read = n;
    return { raw, deleted: raw[0] === 0x2a };
  }

  /** A field's text, trimmed ('' when blank). */
  text(raw: Buffer, field: DbfField): string {
    return this.decoder.decode(raw.subarray(field.offset, field.offset + field.length)).trim();
  }

  get count(): number {
    return this.read;
  }

  close(): Promise<void> {
    return this.bytes.close();
  }
}

function encodingOf(cpg: string | undefined): string {
  const said = cpg?.trim().toLowerCase() ?? '';
  if (!said || /utf-?8/.test(said)) return 'utf-8';
  if (/1252|8859-?1|latin/.test(said)) return 'windows-1252';
  return 'utf-8';
}
