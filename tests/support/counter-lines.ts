import { emptyLine, type ShopOrderLine, type ShopOrderProduct, withDiscount, withProduct, withQuantity } from '../../core/shop-order';

/**
 * A line of the counter's sale form as the cashier fills it (core/shop-order.ts): the product picked, then
 * the quantity and the discount per unit typed, as numbers or as the text typed.
 */
export const counterLine = (
  key: string,
  product: ShopOrderProduct,
  quantity: number | string,
  discount: number | string = 0,
): ShopOrderLine => withDiscount(withQuantity(withProduct(emptyLine(key), product), quantity), discount);
