import { isId } from '../../../platform/ids.js';
import { ORDER_KINDS } from '../orders/order-kinds.js';
import type { ProfileKind } from './profile-kind.js';

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The order profiles served: one per order kind whose descriptor has a `profile` (the hosted
 * service has letters', postcards', self mailers' and cheques'), named after the kind.
 */
export const PROFILE_KINDS: readonly ProfileKind[] = Object.freeze(
  ORDER_KINDS.flatMap((kind): ProfileKind[] =>
    kind.profile
      ? [
          {
            ...kind.profile,
            kind,
            object: `${kind.name}_profile`,
            table: `${kind.name}_profiles`,
            path: `/order_profiles${kind.paths[0]}`,
            campaignField: `${camel(kind.name)}Profile`,
          },
        ]
      : [],
  ),
);

/** The profile kind that makes orders of `kind`, or undefined (snap packs and boxes have no profiles). */
export const profileKindFor = (kind: { name: string }): ProfileKind | undefined =>
  PROFILE_KINDS.find((p) => p.kind.name === kind.name);

/** The profile kind an id belongs to, by its prefix (`postcard_profile_...`). */
export const profileKindOfId = (id: string): ProfileKind | undefined =>
  PROFILE_KINDS.find((p) => isId(p.object, id));
