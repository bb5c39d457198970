import { newUuid } from '../../lib/uuid';
/** The sale's short reference before it has an invoice number (the UPI note and the provisional bill show it). */
export const saleRef = (orderId: string): string => orderId.replace(/-/g, '').slice(-6).toUpperCase();

/** A new sale's id (a UUID): the order's id on the server, made when the sale screen opens. */
export const newSaleId = (): string => newUuid();

/** The id of the notice a recorded sale shows ("Order created · Print bill"), so what follows it may take its place. */
export const saleToastId = (orderId: string): string => `sale-${orderId}`;
