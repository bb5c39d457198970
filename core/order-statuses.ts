/** An order's statuses (the moves between them are in order-rules.ts). */
export const ORDER_STATUSES = ['Pending', 'Delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a walk-in sale records as its payment (the sale form offers the same list). */
export const PAYMENT_STATUSES = ['Paid', 'Pending'] as const;
