import type { MailpieceFormat } from '../../../engines/render/index.js';
import type { OrderKind } from '../orders/order-kind.js';

/** One side of a two-sided piece and its request fields: `front` is `frontHTML` or `frontTemplate`. */
export interface SideFields {
  name: string;
  html: string;
  template: string;
}

/**
 * What makes a two-sided kind (postcard, self mailer, snap pack) itself: its name and paths, its
 * sides in page order (the address goes on the second), whether it needs a sender, and its
 * printable sizes from the render engine. twoSidedKind makes the rest.
 */
export interface TwoSidedSpec<Name extends string = string> {
  name: Name;
  paths: OrderKind['paths'];
  tag: string;
  sides: readonly [SideFields, SideFields];
  fromRequired: boolean;
  formats: Readonly<Record<string, MailpieceFormat>>;
  routes?: OrderKind['routes'];
  /** Its create example in the API reference (OrderKind's `example`). */
  example?: OrderKind['example'];
  /** Whether it has order profiles (twoSidedProfile), and so campaigns. */
  profiled?: boolean;
}

export const sideFields = (name: string): SideFields => ({
  name,
  html: `${name}HTML`,
  template: `${name}Template`,
});

/** The request as the two-sided code reads it: side fields by name, `size` and `pdf`. */
export type TwoSidedInput = Record<string, unknown> & { size: string; pdf?: unknown };
