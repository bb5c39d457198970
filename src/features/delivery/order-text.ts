import type { OrderDto } from '../../../core/schemas/order';

/** "12 Gandhi St, Adyar, Chennai, 600020" ('' when the order has no address). */
export function addressLine(order: OrderDto): string {
  const a = order.shippingAddress;
  return [a?.address, a?.area || order.area, a?.city, a?.pincode]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');
}

export const customerLabel = (order: OrderDto, walkIn: string) => order.customerId?.name || walkIn;

/** The phone to call: the delivery address's, else the customer's. */
export const orderPhone = (order: OrderDto) => order.shippingAddress?.phoneNumber || order.customerId?.phone || '';

/** A Google Maps search for the address (opens the Maps app on a phone). */
export const mapUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** tel: link for the dialler: digits and a leading +, nothing else. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
