import { DEFAULT_SCALE_LAYOUT, type ScaleLayout } from '../../../core/scale-barcode';
import { CODE } from '../../../core/message-codes';
import type { ScaleLayoutDto } from '../../../core/schemas/scale-barcode';
import type { Db } from '../../db';
import { forbidden, note } from '../../lib/errors';
import { isAdmin, sellerScope } from '../../security/access';
import type { AuthUser } from '../accounts/auth.service';
import { managedShop } from './staff-queries';

/** A shop's scale label layout (users.scale_barcode of its owner), or the default when it set none. */
export async function readScaleLayout(db: Pick<Db, 'selectFrom'>, shopId: string): Promise<ScaleLayout> {
  const row = await db.selectFrom('users').select('scale_barcode').where('id', '=', shopId).executeTakeFirst();
  return { ...DEFAULT_SCALE_LAYOUT, ...(row?.scale_barcode ?? {}) };
}

/** Only the fields of a layout, whatever else a row or a body holds. */
const layoutOf = (l: ScaleLayout): ScaleLayoutDto => ({ prefix: l.prefix, itemDigits: l.itemDigits, value: l.value });

/**
 * The layout of a shop's scale labels (core/scale-barcode.ts, docs/decisions/scale-barcodes.md): the
 * counter of everyone who sells reads it (and keeps it for offline), the owner and a manager set it.
 * An admin names the shop (shopId); anyone else works on their own shop, and naming another is refused.
 */
export class ScaleLabelsService {
  constructor(private readonly db: Db) {}

  private async shopOf(actor: AuthUser, shopId: string | undefined): Promise<string> {
    if (!isAdmin(actor) && shopId && shopId !== sellerScope(actor)) throw forbidden(CODE.ownShopOnly);
    return managedShop(this.db, actor, shopId);
  }

  async layout(actor: AuthUser, shopId?: string): Promise<ScaleLayoutDto> {
    return layoutOf(await readScaleLayout(this.db, await this.shopOf(actor, shopId)));
  }

  async save(actor: AuthUser, input: ScaleLayoutDto, shopId?: string) {
    const shop = await this.shopOf(actor, shopId);
    const layout = layoutOf(input);
    await this.db
      .updateTable('users')
      .set({ scale_barcode: JSON.stringify(layout) })
      .where('id', '=', shop)
      .execute();
    return { ...note(CODE.scaleLayoutSaved), ...layout };
  }
}
