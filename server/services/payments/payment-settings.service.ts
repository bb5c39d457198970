import type { FastifyBaseLogger } from 'fastify';
import { coded } from '../../../core/coded';
import { CODE } from '../../../core/message-codes';
import type { PaymentProviderName, PaymentSettingsDto, PaymentSettingsInput } from '../../../core/schemas/payment';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { conflict, note } from '../../lib/errors';
import type { AuthUser } from '../accounts/auth.service';
import { managedShop } from '../staff/staff-queries';
import type { PaymentProvider } from './payment-provider';
import { removeSettings, saveSettings, settingsOf, settingsWith } from './payment-queries';
import { razorpayAdapter } from './razorpay.adapter';
import type { SecretBox } from './secret-box';

type SettingsRow = NonNullable<Awaited<ReturnType<typeof settingsOf>>>;

/** What a sealed secret is bound to: its shop and its field (secret-box.ts). */
const binding = (shopId: string, field: 'keySecret' | 'webhookSecret') => `${shopId}:${field}`;

const dto = (row: Pick<SettingsRow, 'provider' | 'key_id'> | undefined): PaymentSettingsDto =>
  row ? { provider: row.provider, keyId: row.key_id, configured: true } : { provider: null, keyId: null, configured: false };

/**
 * A shop's account with its payment provider (PUT/GET/DELETE /api/payments/settings): the owner (or an
 * admin naming the shop) enters the key id, key secret and webhook secret once; the secrets are sealed
 * with PAYMENTS_KEY before they are stored and are never answered. Without a key to seal them with (a
 * production start without PAYMENTS_KEY) a provider cannot be turned on. The adapters of the services
 * that speak to the provider are made here, from the opened secrets.
 */
export class PaymentSettingsService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox | null,
    private readonly config: Config['payments'],
    private readonly log: FastifyBaseLogger,
  ) {}

  async get(actor: AuthUser, shopId?: string): Promise<PaymentSettingsDto> {
    return dto(await settingsOf(this.db, await managedShop(this.db, actor, shopId)));
  }

  async save(actor: AuthUser, input: PaymentSettingsInput, shopId?: string) {
    const shop = await managedShop(this.db, actor, shopId);
    if (!this.box) throw conflict(coded(CODE.paymentsKeyMissing));
    await saveSettings(this.db, {
      shopId: shop,
      provider: input.provider,
      keyId: input.keyId,
      keySecretEnc: this.box.seal(input.keySecret, binding(shop, 'keySecret')),
      webhookSecretEnc: this.box.seal(input.webhookSecret, binding(shop, 'webhookSecret')),
      updatedBy: actor.id,
    });
    return { ...note(CODE.paymentSettingsSaved), ...dto({ provider: input.provider, key_id: input.keyId }) };
  }

  async remove(actor: AuthUser, shopId?: string) {
    await removeSettings(this.db, await managedShop(this.db, actor, shopId));
    return { ...note(CODE.paymentSettingsRemoved), ...dto(undefined) };
  }

  /** The adapter of a shop's account; null when it has none, or its secrets do not open (another PAYMENTS_KEY). */
  async providerOf(shopId: string): Promise<PaymentProvider | null> {
    const row = await settingsOf(this.db, shopId);
    return row ? this.adapterOf(row) : null;
  }

  /** Every shop with this provider, each with its adapter opened only when asked for: who may have signed a webhook. */
  async providersOf(name: PaymentProviderName): Promise<Array<{ shopId: string; open: () => PaymentProvider | null }>> {
    const rows = await settingsWith(this.db, name);
    return rows.map((row) => ({ shopId: row.shop_id, open: () => this.adapterOf(row) }));
  }

  private adapterOf(row: SettingsRow): PaymentProvider | null {
    const keySecret = this.box?.open(row.key_secret_enc, binding(row.shop_id, 'keySecret'));
    const webhookSecret = this.box?.open(row.webhook_secret_enc, binding(row.shop_id, 'webhookSecret'));
    if (!keySecret || !webhookSecret) {
      this.log.error({ shopId: row.shop_id }, 'payment settings: the secrets do not open with this PAYMENTS_KEY');
      return null;
    }
    switch (row.provider) {
      case 'razorpay':
        return razorpayAdapter(this.config.razorpayApiUrl, { keyId: row.key_id, keySecret, webhookSecret });
    }
  }
}
