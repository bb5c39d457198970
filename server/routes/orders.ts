import { z } from 'zod';
import { APPROVAL_CODES } from '../../core/approvals';
import { createOrderResponse, createOrderSchema, orderDto } from '../../core/schemas/order';
import { replies } from '../lib/zod';
import { IDEMPOTENCY_CODES } from '../plugins/idempotency';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { tillHeader } from '../lib/till-header';
import { isCustomer } from '../security/access';

/** What creating an order may answer besides its schema's codes: the checkout's and the shop sale's refusals. */
const CREATE_ORDER_CODES = [
  'customersOnly',
  'staffOnly',
  'duplicateProducts',
  'chooseDeliveryArea',
  'cartProductGone',
  'productUnavailable',
  'notDeliveredToArea',
  'pricesChanged',
  'notEnoughStock',
  'batchExpired',
  'batchNotFound',
  // a line sold in a pack the product has not, or in part of a pack (server/services/sales/pack-lines.ts)
  'packUnknown',
  'packQuantityWhole',
  'productNotFound',
  'quantityPositive',
  'quantityTooLarge',
  'quantityDecimals',
  'quantityWhole',
  'saleTimeInvalid',
  'saleTimeFuture',
  'saleTimeTooOld',
  'orderIdTaken',
  'handedOverUnpaid',
  // a counter sale to a shop customer, on credit (server/services/khata/credit-sale.ts)
  'customerNotFound',
  'creditNeedsCustomer',
  'creditLimitExceeded',
  // loyalty points redeemed at a sale (server/services/khata/loyalty-ledger.ts)
  'loyaltyRedeemNeedsCustomer',
  'loyaltyRedeemOff',
  'loyaltyRedeemOverBalance',
  'loyaltyRedeemOverBill',
  // the till's total of a counter sale (server/services/sales/sale-pricing.ts)
  // a sale paid in parts (core/split-payment.ts)
  'splitCreditNeedsCustomer',
  'splitPartsMismatch',
  'splitWithPaymentMethod',
  'splitOneShop',
  // a sale numbered at a till (server/services/sales/till-numbers.ts)
  'deviceNotFound',
  'tillNumberNeedsTill',
  'tillNumberNotInvoiced',
  'tillNumberYear',
  'tillNumberNotReserved',
  'tillNumberUsed',
  // a sale at a till with no shift open there (server/services/shifts/till-of-act.ts)
  'shiftRequired',
  // the vendor's series of the year has no number left (core/invoice.ts SEQ_MAX)
  'documentSeriesFull',
  ...IDEMPOTENCY_CODES,
  ...APPROVAL_CODES,
] as const;

/** Any text: a malformed id is simply "Order not found.". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * /api/Orders: order creation (customer checkout, or a shop sale when isShop is true) and the
 * customer's reads. Vendor lists, delivery and reports are in vendor-orders.ts and reports.ts.
 */
export async function ordersRoutes(app: App) {
  const { checkout, orders } = app.services;

  // Customers check out; vendors and admins record shop sales; the service checks which is which.
  // A customer's checkouts are limited per account (a counter's sales are not). An Idempotency-Key
  // replay is answered before this handler runs, so it is not counted again.
  app.post(
    '/',
    {
      schema: { body: createOrderSchema, response: replies({ 200: createOrderResponse, 201: createOrderResponse }, CREATE_ORDER_CODES) },
    },
    async (req, reply) => {
      const user = currentUser(req);
      if (req.body.isShop !== true && isCustomer(user)) await app.services.limits.orders.hit(`user:${user.id}`);
      const { created, ...result } =
        req.body.isShop === true
          ? await checkout.shopSale(user, req.body, req.idempotency ?? undefined, tillHeader(req))
          : await checkout.checkout(user, req.body, req.idempotency ?? undefined);
      reply.code(created ? 201 : 200);
      return result;
    },
  );

  app.get('/my', { schema: { response: replies({ 200: z.array(orderDto) }) } }, async (req) => orders.mine(currentUser(req)));

  app.get('/:id', { schema: { params: anyId, response: replies({ 200: orderDto }, ['orderNotFound']) } }, async (req) =>
    orders.get(currentUser(req), req.params.id),
  );
}
