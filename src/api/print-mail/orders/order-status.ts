/** Order statuses, cancellation reasons and the one-step order of the lifecycle, in one frozen home. */
export const ORDER_STATUSES = Object.freeze([
  'ready',
  'printing',
  'processed_for_delivery',
  'completed',
  'cancelled',
] as const);
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const CANCEL_REASONS = Object.freeze([
  'user_initiated',
  'invalid_content',
  'invalid_order_mailing_class',
] as const);
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What the carrier's barcode scans last said of a US order (imbStatus); null until a scan. */
export const IMB_STATUSES = Object.freeze([
  'entered_mail_stream',
  'out_for_delivery',
  'returned_to_sender',
] as const);

/** The status one step on from each status; completed and cancelled are final. */
export const NEXT_STATUS: Readonly<Partial<Record<OrderStatus, OrderStatus>>> = Object.freeze({
  ready: 'printing',
  printing: 'processed_for_delivery',
  processed_for_delivery: 'completed',
});

/** What caused a transition; stored with it so an operator can tell a schedule from a click. */
export type TransitionCause =
  | 'schedule'
  | 'progression'
  | 'cancellation'
  | 'print_hand_off'
  | 'render_failed'
  | 'mailing_class_refused';

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  at: string;
  cause: TransitionCause;
}

/** Live orders handed to the carrier count as delivered (completed) this long afterwards. */
export const DELIVERY_ALLOWANCE_MS = 5 * 24 * 60 * 60 * 1000;
