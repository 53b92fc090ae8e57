import { type TSchema, Type } from '@sinclair/typebox';
import { oneOf, orderCreateSchema, orderSchema, PdfFile } from '../orders/order-base.schema.js';
import type { TwoSidedSpec } from './two-sided.js';

/** A two-sided kind's request and stored shapes: `size`, each side's HTML or template, a `pdf`. */
export function twoSidedSchemas(spec: TwoSidedSpec) {
  const size = oneOf(Object.keys(spec.formats));
  const sides = (html: TSchema, template: TSchema) =>
    Object.fromEntries(
      spec.sides.flatMap((s) => [
        [s.html, Type.Optional(html)],
        [s.template, Type.Optional(template)],
      ]),
    );
  const [first, second] = spec.sides.map((s) => s.name);
  const description = `Each side from its HTML or its template, or a two-page pdf (${first}, then ${second}: the address side).`;
  return {
    create: orderCreateSchema(
      { size, ...sides(Type.String(), Type.String({ maxLength: 100 })), pdf: Type.Optional(PdfFile) },
      { fromRequired: spec.fromRequired, description },
    ),
    stored: orderSchema(spec.name, { size, ...sides(Type.String(), Type.String()) }, spec),
  };
}
