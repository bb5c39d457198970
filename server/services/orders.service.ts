import { MSG } from '../../core/messages';
import { idSchema } from '../../core/schemas/common';
import type { OrderDto } from '../../core/schemas/order';
import type { Db } from '../db';
import { notFound } from '../lib/errors';
import type { AuthUser } from './auth.service';
import { loadOrders } from './order-dto';

/**
 * Who may read an order: its customer; the vendor whose order it is; delivery staff and admins
 * (delivery opens any order from its area list). Everyone else gets 404, as for a missing order.
 */
export function canReadOrder(user: AuthUser, order: { customer_id: string | null; vendor_id: string }): boolean {
  switch (user.role) {
    case 'user':
      return order.customer_id === user.id;
    case 'vendor':
      return order.vendor_id === user.id;
    case 'delivery':
    case 'admin':
      return true;
    default:
      return false;
  }
}

const MY_ORDERS_LIMIT = 500;

export class OrdersService {
  constructor(private readonly db: Db) {}

  /** The customer's own orders, newest first. */
  async mine(user: AuthUser): Promise<OrderDto[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('order_number', 'desc')
      .limit(MY_ORDERS_LIMIT)
      .execute();
    return loadOrders(
      this.db,
      rows.map((r) => r.id),
    );
  }

  async get(user: AuthUser, id: string): Promise<OrderDto> {
    if (!idSchema.safeParse(id).success) throw notFound(MSG.orderNotFound);
    const row = await this.db.selectFrom('orders').select(['id', 'customer_id', 'vendor_id']).where('id', '=', id).executeTakeFirst();
    if (!row || !canReadOrder(user, row)) throw notFound(MSG.orderNotFound);
    const [order] = await loadOrders(this.db, [row.id]);
    if (!order) throw notFound(MSG.orderNotFound);
    return order;
  }
}
