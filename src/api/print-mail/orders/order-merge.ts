import { buildMergeContext, type MergeContact, type MergeContext } from '../../../engines/render/index.js';
import type { RenderJobContext } from './order-kind.js';

/**
 * What an order's HTML is merged over when it renders: its merge variables, its contacts as
 * `to` and `from`, and the values the server fills in (its trackers' URLs and QR codes).
 */
export function orderMergeContext(
  mergeVariables: Record<string, unknown> | null | undefined,
  to: MergeContact,
  from: MergeContact | null | undefined,
  { serverValues }: Pick<RenderJobContext, 'serverValues'>,
): MergeContext {
  return { ...serverValues, ...buildMergeContext(mergeVariables, to, from) };
}
