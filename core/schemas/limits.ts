/**
 * The longest text (or list) each request field takes, as the schemas in this folder check it. Plain
 * numbers without zod, so a form sets its inputs' maxLength from them without loading the schemas.
 */

/** A delivery address (core/schemas/address.ts). */
export const ADDRESS_LIMITS = { address: 300, city: 100, pincode: 6, phoneNumber: 15, area: 100 } as const;

/** An account (core/schemas/user.ts); a new password has at least PASSWORD_MIN characters. */
export const USER_LIMITS = { name: 100, password: 200, email: 200, gstNumber: 20, upiId: 320, shopName: 100, addresses: 20 } as const;
export const PASSWORD_MIN = 6;

/** A product (core/schemas/product.ts); the barcode's is BARCODE_MAX (core/barcode.ts). */
export const PRODUCT_LIMITS = {
  name: 200,
  Tamil: 200,
  description: 5000,
  category: 100,
  subcategory: 100,
  gst: 100,
  images: 10,
  sku: 64,
} as const;

/** A category: its name and the comma-separated subcategories (core/schemas/category.ts). */
export const CATEGORY_LIMITS = { name: 100, subcategories: 5000 } as const;

/** A GST record (core/schemas/gst.ts). */
export const GST_LIMITS = { name: 100, hsnCode: 8 } as const;

/** An announcement (core/schemas/information.ts). */
export const INFORMATION_MAX = 2000;

/** The stock ledger (core/schemas/stock.ts): the largest stock figure, a note, lines of one count, ledger rows per answer (at most, and by default). */
export const STOCK_LIMITS = { stock: 10_000_000, note: 200, countLines: 500, ledgerRows: 1000, ledgerPage: 100 } as const;
