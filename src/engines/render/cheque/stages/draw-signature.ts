import { grey } from '../cheque-canvas.js';
import type { ChequeStage } from '../cheque-job.js';
import { CHEQUE_ZONES as Z } from '../cheque-layout.js';
import { embedImage } from '../embed-image.js';

/** Room left between the signature and its line, so ink does not run into the rule. */
const ABOVE_LINE = 2;

/**
 * The signature on its line, bottom right: text in a script-like face sized to fit, or the
 * image scaled into the box (proportions kept), centred on the line.
 */
export const drawSignature: ChequeStage = async (job) => {
  const canvas = job.canvas!;
  const { signature } = job.input.bank;
  const box = { ...Z.signature, height: Z.signature.height - ABOVE_LINE };
  if (signature.kind === 'text') {
    const style = { font: job.fonts!.script, size: 22, minSize: 9, align: 'center' } as const;
    canvas.text('bank.signature', signature.text, box, style);
  } else {
    canvas.image(
      'bank.signature',
      await embedImage(job.doc!, signature.bytes, 'bank.signature'),
      box,
      'bottom centre',
    );
  }
  const line = Z.signature.y + Z.signature.height;
  canvas.rule('signature line', Z.signature.x, Z.signature.x + Z.signature.width, line);
  const label = { font: job.fonts!.bold, size: 5.5, align: 'center', color: grey() } as const;
  canvas.text('signature label', 'AUTHORIZED SIGNATURE', Z.signatureLabel, label);
};
