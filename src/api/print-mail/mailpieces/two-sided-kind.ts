import type { OrderCreateBase } from '../orders/order-base.schema.js';
import { defineOrderKind, type OrderKind } from '../orders/order-kind.js';
import type { TwoSidedInput, TwoSidedSpec } from './two-sided.js';
import { twoSidedSchemas } from './two-sided.schema.js';
import {
  checkTwoSidedSource,
  type TwoSidedContent,
  twoSidedContent,
  twoSidedFields,
} from './two-sided-content.js';
import { twoSidedPrint } from './two-sided-print.js';
import { twoSidedProfile } from './two-sided-profile.js';
import { twoSidedRenderJob } from './two-sided-render.js';

/**
 * The order kind of a two-sided piece: postcards, self mailers and snap packs differ only in
 * what their spec says (sides, sizes, sender, paths), so all are this.
 */
export function twoSidedKind<const Name extends string>(
  spec: TwoSidedSpec<Name>,
): OrderKind<OrderCreateBase & TwoSidedInput, TwoSidedContent> & { name: Name } {
  return defineOrderKind({
    name: spec.name,
    paths: spec.paths,
    tag: spec.tag,
    schemas: twoSidedSchemas(spec),
    fromRequired: spec.fromRequired,
    check: (input) => {
      checkTwoSidedSource(spec, input);
    },
    content: (input, ctx) => twoSidedContent(spec, input, ctx),
    fields: (input) => twoSidedFields(spec, input),
    unsearchable: spec.sides.map((s) => s.html),
    renderJob: (row, ctx) => twoSidedRenderJob(spec, row, ctx),
    print: twoSidedPrint(spec),
    ...(spec.routes ? { routes: spec.routes } : {}),
    ...(spec.profiled ? { profile: twoSidedProfile(spec) } : {}),
    ...(spec.example ? { example: spec.example } : {}),
  });
}
