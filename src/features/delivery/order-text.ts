import type { AreaOrderCard } from '../../../core/schemas/order';

export const customerLabel = (order: AreaOrderCard, walkIn: string) => order.customerName || walkIn;

/** A Google Maps search for the address (opens the Maps app on a phone). */
export const mapUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** tel: link for the dialler: digits and a leading +, nothing else. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
