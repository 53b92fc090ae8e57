import type { PDFFont } from 'pdf-lib';

/**
 * The embedded standard fonts (Helvetica) cover WinAnsi only. Letters outside it lose their
 * accents first (Ł→L, ő→o); what still cannot be drawn becomes "?" and is reported, rather
 * than failing the whole letter over one character.
 */
export function drawableText(font: PDFFont, text: string, warnings: Set<string>): string {
  let out = '';
  for (const char of text) {
    if (canDraw(font, char)) {
      out += char;
      continue;
    }
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '').replace('Ł', 'L').replace('ł', 'l');
    if (plain && canDraw(font, plain)) out += plain;
    else {
      out += '?';
      warnings.add(`address character "${char}" cannot be printed with the standard font and was replaced`);
    }
  }
  return out;
}

export function canDraw(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}
