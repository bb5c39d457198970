import { z } from 'zod';
import { MSG } from '../messages';
import { dateTimeSchema, daySchema, idSchema, optionalQueryString, pageNumber, pageSize, rupees } from './common';

export const ORDER_STATUSES = ['Pending', 'Delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const quantity = z.number({ error: MSG.invalidShopLines }).int({ error: MSG.invalidShopLines }).min(1, { error: MSG.invalidShopLines }).max(1000);

export const shippingAddressSchema = z.object({
  address: z.string({ error: MSG.shippingAllFields }).trim().min(1, { error: MSG.shippingAllFields }).max(300),
  city: z.string({ error: MSG.shippingAllFields }).trim().min(1, { error: MSG.shippingAllFields }).max(100),
  pincode: z.string({ error: MSG.shippingAllFields }).trim().min(1, { error: MSG.shippingAllFields }).max(10),
  phoneNumber: z.string({ error: MSG.shippingAllFields }).trim().min(1, { error: MSG.shippingAllFields }).max(15),
  area: z.string({ error: MSG.shippingAllFields }).trim().min(1, { error: MSG.shippingAllFields }).max(100),
});

export const customerOrderSchema = z.object({
  isShop: z.literal(false).optional(),
  products: z
    .array(
      z.object({
        productId: idSchema,
        quantity,
        price: rupees,
        discount: rupees.optional().default(0),
        vendorId: z.string().max(100).optional(),
      }),
      { error: MSG.cartEmpty },
    )
    .min(1, { error: MSG.cartEmpty })
    .max(100),
  totalAmount: rupees.optional(),
  totalDiscount: rupees.optional(),
  totalDeliveryDiscount: rupees.optional(),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.string().max(50).optional(),
});
export type CustomerOrderInput = z.infer<typeof customerOrderSchema>;

const shopAddressField = z.string({ error: MSG.incompleteShipping }).trim().min(1, { error: MSG.incompleteShipping }).max(300);
export const shopOrderSchema = z.object({
  isShop: z.literal(true),
  /** Client-made id (the outbox's idempotency key) and the sale time at the counter. */
  _id: idSchema.optional(),
  createdAt: dateTimeSchema.optional(),
  products: z
    .array(
      z.object({
        productId: idSchema,
        vendorId: z.string().max(100).optional(),
        price: rupees.optional(),
        quantity,
        discount: rupees.optional().default(0),
      }),
      { error: MSG.invalidShopLines },
    )
    .min(1, { error: MSG.invalidShopLines })
    .max(100),
  shippingAddress: z.object({
    address: shopAddressField,
    city: shopAddressField,
    pincode: shopAddressField,
    phoneNumber: shopAddressField,
    area: z.string().trim().max(100).optional().default(''),
  }),
  paymentStatus: z.string().trim().max(30).optional().default('Paid'),
});
export type ShopOrderInput = z.infer<typeof shopOrderSchema>;

/** POST /api/Orders: a shop (walk-in) sale when isShop is true, otherwise a customer checkout. */
export const createOrderSchema = z.discriminatedUnion('isShop', [shopOrderSchema, customerOrderSchema]);
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const statusUpdateSchema = z.object({ status: z.enum(ORDER_STATUSES, { error: 'Status must be Pending or Delivered' }) });
export const markDeliveredSchema = z.object({ orderId: idSchema });
export const pendingByAreaSchema = z.object({ area: z.string({ error: 'Area is required' }).trim().min(1, { error: 'Area is required' }).max(100) });

const dateQuery = z.preprocess((v) => (v === '' ? undefined : v), daySchema.optional());

export const vendorOrdersQuery = z.object({
  page: pageNumber(1),
  limit: pageSize(10, 100),
  customer: optionalQueryString(100),
  product: optionalQueryString(100),
  startDate: dateQuery,
  endDate: dateQuery,
});
export type VendorOrdersQuery = z.infer<typeof vendorOrdersQuery>;

export const gstr1Query = z.object({
  startDate: daySchema,
  endDate: daySchema,
  vendorId: idSchema.optional(),
});

/** Who a party of an order is, as the API shows it. */
export interface OrderPartyDto {
  _id: string;
  name: string;
  email: string;
  phone: string;
}

export interface OrderLineDto {
  /** The product as it is now (name and image are the sale-time snapshot); _id null once the product is deleted. */
  productId: { _id: string | null; name: string; image: string; images: string[] };
  name: string;
  image: string;
  quantity: number;
  /** Unit selling price and unit discount at sale time, rupees. */
  price: number;
  discount: number;
  lineTotal: number;
  gstRate: number;
  hsnCode: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** An order as every /api/Orders call returns it (money in rupees). */
export interface OrderDto {
  _id: string;
  orderNumber: number;
  customerId: OrderPartyDto | null;
  vendorId: { _id: string; name: string; shopName: string };
  createdBy: string | null;
  status: string;
  products: OrderLineDto[];
  productDetails: string[];
  /** Items price: sum of line totals, net of per-unit discounts. */
  totalAmount: number;
  totalDiscount: number;
  totalDeliveryDiscount: number;
  /** totalAmount - totalDeliveryDiscount. */
  totalPayable: number;
  shippingAddress: { address?: string; city?: string; pincode?: string; phoneNumber?: string; area?: string };
  area: string;
  paymentStatus: string;
  isShop: boolean;
  createdAt: string;
  deliveredAt: string | null;
}
