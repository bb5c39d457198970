import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import type { StoreCodesResponse } from '../../../core/schemas/store-codes';
import { newStoreCode } from '../../../core/store-code';
import type { Db } from '../../db';
import { HttpError, notFound } from '../../lib/errors';
import { uniqueViolation } from '../../lib/unique-violation';
import { ownedBy } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';

/** Tries per product before giving up: a clash among 10^10 codes is rare, two in a row rarer still. */
const TRIES = 8;

/**
 * In-store codes (POST /api/products/store-codes): each listed product without a barcode gets a new
 * restricted-circulation EAN-13 (core/store-code.ts), unique among its vendor's barcodes (migration
 * 010's index refuses a clash, and a clash is simply tried again with a new code). A product that
 * has a barcode keeps it. Every id is checked first: one missing or another vendor's answers 404 and
 * nothing is changed.
 */
export class StoreCodesService {
  constructor(private readonly db: Db) {}

  async assign(actor: AuthUser, productIds: string[]): Promise<StoreCodesResponse> {
    const ids = [...new Set(productIds)];
    const rows = await this.db.selectFrom('products').select(['id', 'vendor_id', 'barcode']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || !ownedBy(actor, row.vendor_id)) throw notFound(CODE.productNotFound);
    }
    const out: StoreCodesResponse['products'] = [];
    for (const id of ids) {
      const row = byId.get(id)!;
      out.push({ _id: id, barcode: row.barcode || (await this.give(id)) });
    }
    return { products: out };
  }

  /** A new code for one product; the barcode it has if one was set meanwhile. */
  private async give(id: string): Promise<string> {
    for (let i = 0; i < TRIES; i++) {
      try {
        const set = await this.db
          .updateTable('products')
          .set({ barcode: newStoreCode(), updated_at: new Date() })
          .where('id', '=', id)
          .where('barcode', 'is', null)
          .returning('barcode')
          .executeTakeFirst();
        if (set?.barcode) return set.barcode;
        // another request gave it a barcode first: that one stands
        const now = await this.db.selectFrom('products').select('barcode').where('id', '=', id).executeTakeFirst();
        if (now?.barcode) return now.barcode;
        throw notFound(CODE.productNotFound);
      } catch (err) {
        if (uniqueViolation(err)?.constraint !== 'products_vendor_barcode') throw err;
      }
    }
    // eight clashes in a row among 10^10 codes: the vendor can simply try again
    throw new HttpError(503, coded(CODE.serviceUnavailable));
  }
}
