import type { PDFDocument, PDFPage } from 'pdf-lib';
import { pdfLib } from '../../../platform/packages-on-first-use.js';
import { MICR_AMOUNT, MICR_DASH, MICR_ON_US, MICR_PITCH_IN, MICR_TRANSIT } from './micr-e13b.js';

/** The letters MICR fonts conventionally type the symbols with, used as the layer's codes. */
const CODES: Record<string, string> = {
  [MICR_TRANSIT]: 'A',
  [MICR_AMOUNT]: 'B',
  [MICR_ON_US]: 'C',
  [MICR_DASH]: 'D',
};

/**
 * Maps the layer's codes back to Unicode for text extraction: the digits and space to
 * themselves, A–D to ⑆⑇⑈⑉ (U+2446–2449), so pdftotext and copy-paste read the real symbols.
 */
const TO_UNICODE = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Postroom-MICR-UCS def
/CMapType 2 def
1 begincodespacerange
<00> <FF>
endcodespacerange
2 beginbfrange
<20> <20> <0020>
<30> <39> <0030>
endbfrange
4 beginbfchar
<41> <2446>
<42> <2447>
<43> <2448>
<44> <2449>
endbfchar
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;

/** Courier's advance is 600/1000 em, so at this size every character takes exactly one MICR cell. */
const SIZE = (MICR_PITCH_IN * 72) / 0.6;

/**
 * Writes `text` (digits, spaces and ⑆⑇⑈⑉) invisibly (text render mode 3) from `x` on the
 * baseline `y`, one character per 1/8 in cell, under the drawn glyphs: the page then reads
 * as its MICR line to text extraction and search, while only the vector glyphs are printed.
 */
export function drawInvisibleMicrText(
  doc: PDFDocument,
  page: PDFPage,
  text: string,
  x: number,
  y: number,
): void {
  const toUnicode = doc.context.register(doc.context.flateStream(TO_UNICODE));
  const font = doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'Courier',
      Encoding: 'WinAnsiEncoding',
      ToUnicode: toUnicode,
    }),
  );
  const name = page.node.newFontDictionary('MICR', font);
  const codes = [...text].map((char) => CODES[char] ?? char).join('');
  const { beginText, endText, moveText, PDFHexString, popGraphicsState, pushGraphicsState } = pdfLib();
  const { setFontAndSize, setTextRenderingMode, showText, TextRenderingMode } = pdfLib();
  page.pushOperators(
    pushGraphicsState(),
    beginText(),
    setFontAndSize(name, SIZE),
    setTextRenderingMode(TextRenderingMode.Invisible),
    moveText(x, y),
    showText(PDFHexString.of(Buffer.from(codes, 'latin1').toString('hex'))),
    endText(),
    popGraphicsState(),
  );
}
