import { CODE } from '../../../core/message-codes';
import { idSchema } from '../../../core/schemas/common';
import type { OrderDto } from '../../../core/schemas/order';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import { assertOrderReach } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { loadOrders } from './order-dto';

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
    if (!idSchema.safeParse(id).success) throw notFound(CODE.orderNotFound);
    const row = await this.db.selectFrom('orders').select(['id', 'customer_id', 'vendor_id']).where('id', '=', id).executeTakeFirst();
    // its customer, its vendor, delivery staff (any order from its area list) and admins read it
    const [order] = await loadOrders(this.db, [assertOrderReach(user, row, 'orderNotFound').id]);
    if (!order) throw notFound(CODE.orderNotFound);
    return order;
  }
}
