import { Type } from '@sinclair/typebox';
import { MAX_BOX_CHEQUES } from '../../../engines/render/index.js';
import { CHEQUE_FIELDS, CHEQUE_READ_FIELDS } from '../cheques/cheque.schema.js';
import { Contact } from '../contacts/contact.schema.js';
import { ContactRef, MergeVariables, orderCreateSchema, orderSchema } from '../orders/order-base.schema.js';

const { digitalOnly: _printedAll, ...CHEQUE_IN_BOX } = CHEQUE_FIELDS;

/** One cheque of a box, as sent: a cheque's fields; `to` and `from` are the box's when given. */
const BoxChequeCreate = Type.Object({
  to: Type.Optional(ContactRef),
  from: Type.Optional(ContactRef),
  ...CHEQUE_IN_BOX,
  messageTemplate: Type.Optional(
    Type.String({ maxLength: 100, description: 'A template printed after the cheque.' }),
  ),
  mergeVariables: Type.Optional(MergeVariables),
});

export const BoxCreate = orderCreateSchema(
  { cheques: Type.Array(BoxChequeCreate, { minItems: 1, maxItems: MAX_BOX_CHEQUES }) },
  { fromRequired: true, description: `1 to ${MAX_BOX_CHEQUES} cheques, mailed together to one recipient.` },
);

/** A box's cheque in read form. */
const BoxCheque = Type.Object({
  to: Contact,
  from: Contact,
  ...CHEQUE_READ_FIELDS,
  messageTemplate: Type.Optional(Type.String()),
  mergeVariables: Type.Optional(MergeVariables),
});

export const Box = orderSchema('box', { cheques: Type.Array(BoxCheque) }, { fromRequired: true });
