import type { PaymentPart } from '../../../core/split-payment';
import type { OrderDto } from '../../../core/schemas/order';

/** The sale just recorded at the counter, kept at hand until the next one. */
export interface LastSale {
  /** The order's id: its bill is /receipt/:id (a sale still on this device shows its provisional bill there). */
  id: string;
  /** Its invoice number or order number, else the short reference of a sale not yet on the server. */
  ref: string;
  total: number;
  /** The server's order, or null while the sale waits in this device's outbox. */
  order: OrderDto | null;
  /** Saved on this device when it was recorded (the server had not answered). */
  queued: boolean;
  /** Paid in parts: each part, shown beside the total. */
  parts?: PaymentPart[];
  /** Prints it on this device's receipt printer (one is set up, not printing by itself). */
  printer?: () => void;
  /** A UPI sale the shop's payment provider confirms: it waits for its payment, and its QR follows. */
  collectUpi?: boolean;
}
