import { z } from 'zod';
import { createOrderResponse, createOrderSchema, orderDto } from '../../core/schemas/order';
import { replies } from '../lib/zod';
import type { App } from '../app-type';
import { currentUser } from '../plugins/auth';
import { CheckoutService } from '../services/checkout.service';
import { OrdersService } from '../services/orders.service';

/** Any text: a malformed id is simply "Order not found.". */
const anyId = z.object({ id: z.string().max(200) });

/**
 * /api/Orders: order creation (customer checkout, or a shop sale when isShop is true) and the
 * customer's reads. Vendor lists, delivery and reports are in vendor-orders.ts and reports.ts.
 */
export async function ordersRoutes(app: App) {
  const checkout = new CheckoutService(app.services.db);
  const orders = new OrdersService(app.services.db);

  // Customers check out; vendors and admins record shop sales; the service checks which is which.
  app.post(
    '/',
    {
      onRequest: app.guard(['user', 'vendor', 'admin']),
      schema: { body: createOrderSchema, response: replies({ 200: createOrderResponse, 201: createOrderResponse }) },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const { created, ...result } =
        req.body.isShop === true
          ? await checkout.shopSale(user, req.body, req.idempotency ?? undefined)
          : await checkout.checkout(user, req.body, req.idempotency ?? undefined);
      reply.code(created ? 201 : 200);
      return result;
    },
  );

  app.get('/my', { onRequest: app.guard(['user']), schema: { response: replies({ 200: z.array(orderDto) }) } }, async (req) =>
    orders.mine(currentUser(req)),
  );

  app.get('/:id', { onRequest: app.guard(), schema: { params: anyId, response: replies({ 200: orderDto }) } }, async (req) =>
    orders.get(currentUser(req), req.params.id),
  );
}
