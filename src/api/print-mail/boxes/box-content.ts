import type { Static } from '@sinclair/typebox';
import { buildMergeContext } from '../../../engines/render/index.js';
import { invalid } from '../../../platform/errors.js';
import {
  type ChequeContent,
  chequeParts,
  numberCheques,
  type UnnumberedCheque,
} from '../cheques/cheque-content.js';
import type { Contact } from '../contacts/contact.schema.js';
import { requireMergeVariables, templateHtml } from '../orders/order-html.js';
import type { ContentContext } from '../orders/order-kind.js';
import type { BoxCreate } from './box.schema.js';

export type BoxInput = Static<typeof BoxCreate>;
type BoxChequeInput = BoxInput['cheques'][number];

/** What the render job renders: each cheque's content, in order. */
export interface BoxContent {
  cheques: ChequeContent[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Cheap checks: a box goes to one recipient from one sender, so a cheque's `to` or `from`, when
 * given, is the box's (the same id, or the same inline contact); and no number twice.
 */
export function checkBox(input: BoxInput): void {
  const numbers = new Map<number, number>();
  for (const [i, cheque] of input.cheques.entries()) {
    if (cheque.to !== undefined && !same(cheque.to, input.to))
      throw invalid(`cheques[${i}].to`, "must be the box's to: a box is mailed to one recipient.");
    if (cheque.from !== undefined && !same(cheque.from, input.from))
      throw invalid(`cheques[${i}].from`, "must be the box's from: a box has one sender.");
    if (cheque.number !== undefined) {
      const first = numbers.get(cheque.number);
      if (first !== undefined)
        throw invalid(`cheques[${i}].number`, `${cheque.number} is also the number of cheques[${first}].`);
      numbers.set(cheque.number, i);
    }
  }
}

/** Each cheque's bank, number and logo, as a cheque's; its message template read and checked. */
export async function boxContent(input: BoxInput, ctx: ContentContext): Promise<BoxContent> {
  const cheques: UnnumberedCheque[] = [];
  for (const [i, cheque] of input.cheques.entries()) {
    const field = `cheques[${i}].`;
    const content = await chequeParts(cheque, ctx, field, `${ctx.orderId}-${i}-logo`);
    if (cheque.messageTemplate) {
      const html = await templateHtml(
        ctx.db,
        ctx.scope,
        cheque.messageTemplate.trim(),
        `${field}messageTemplate`,
      );
      requireMergeVariables(
        html,
        buildMergeContext(cheque.mergeVariables, ctx.to, ctx.from),
        `${field}messageTemplate`,
      );
      content.letter = { kind: 'html', html, field: `${field}messageTemplate` };
    }
    cheques.push(content);
  }
  return { cheques: await numberCheques(cheques, ctx) };
}

/** The box's cheques in read form: the box's contacts, each cheque's own fields. */
export function boxFields(input: BoxInput, content: BoxContent, contacts: Record<string, Contact>) {
  return {
    cheques: input.cheques.map((cheque: BoxChequeInput, i) => ({
      to: contacts.to,
      from: contacts.from,
      bankAccount: content.cheques[i].bank.id,
      amount: cheque.amount,
      currencyCode: content.cheques[i].currencyCode,
      number: content.cheques[i].number,
      ...(cheque.memo ? { memo: cheque.memo } : {}),
      ...(cheque.message ? { message: cheque.message } : {}),
      ...(cheque.logoURL ? { logoURL: cheque.logoURL } : {}),
      ...(cheque.messageTemplate ? { messageTemplate: cheque.messageTemplate.trim() } : {}),
      ...(cheque.mergeVariables ? { mergeVariables: cheque.mergeVariables } : {}),
    })),
  };
}
