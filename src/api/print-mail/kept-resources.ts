import { bankAccountResource } from './bank-accounts/bank-account.resource.js';
import type { KeptForOrders } from './documents/kept-for-orders.js';
import { orderProfileResources } from './order-profiles/profile.resource.js';

/**
 * The resources whose delete leaves what orders still to print read of them
 * (documents/kept-for-orders.ts), by their `object`: what the sweep asks about each row it
 * finds. A resource that declares keptForOrders belongs here.
 */
export const KEPT_FOR_ORDERS: ReadonlyMap<string, KeptForOrders> = new Map(
  [bankAccountResource, ...orderProfileResources].flatMap((r) =>
    r.keptForOrders ? [[r.object, r.keptForOrders as KeptForOrders] as const] : [],
  ),
);
