import { Divider, MultiSelect, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { financialYear, INVOICE_PREFIX_MAX } from '../../../core/invoice';
import { USER_LIMITS } from '../../../core/schemas/limits';
import { useT } from '../../lib/i18n';
import type { ProfileForm } from './use-profile-form';

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The shop's UPI ID for its QR codes (vendors, and admins who sell at the counter). */
export function UpiField({ form, mt }: { form: ProfileForm; mt?: string }) {
  const t = useT('profile');
  return (
    <TextInput
      mt={mt}
      label={t('upiId')}
      description={t('upiIdHint')}
      value={form.values.upiId}
      maxLength={USER_LIMITS.upiId}
      onChange={(e) => form.set('upiId', e.currentTarget.value.replace(/\s/g, ''))}
      error={form.error('upiId')}
      autoComplete="off"
    />
  );
}

/** A vendor's shop: GSTIN, shop name, invoice prefix, UPI ID, the areas it delivers to, its commission. */
export function ShopFields({ form, areas, commission }: { form: ProfileForm; areas: string[]; commission: number }) {
  const t = useT('profile');
  const { values, set } = form;
  const setDetail = (key: 'shopName' | 'invoicePrefix', value: string) => set('vendorDetails', { ...values.vendorDetails, [key]: value });
  const prefix = values.vendorDetails.invoicePrefix;
  return (
    <>
      <Divider my="md" label={t('shopDetails')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('gstNumber')}
          description={t('gstinHint')}
          value={values.gstNumber}
          maxLength={USER_LIMITS.gstNumber}
          onChange={(e) => set('gstNumber', e.currentTarget.value.toUpperCase().replace(/\s/g, ''))}
          error={form.error('gstNumber')}
          styles={mono}
        />
        <TextInput
          label={t('shopName')}
          value={values.vendorDetails.shopName}
          maxLength={USER_LIMITS.shopName}
          onChange={(e) => setDetail('shopName', e.currentTarget.value)}
          error={form.error('vendorDetails.shopName')}
        />
        <TextInput
          label={t('invoicePrefix')}
          description={t('invoicePrefixHint', {
            example: `${prefix.trim() || t('prefixPlaceholder')}/${financialYear(new Date())}/000001`,
          })}
          value={prefix}
          maxLength={INVOICE_PREFIX_MAX}
          onChange={(e) => setDetail('invoicePrefix', e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
          error={form.error('vendorDetails.invoicePrefix')}
          styles={mono}
        />
        <UpiField form={form} />
        {/* over ₹5 crore: the shop's B2B bills are e-invoices (core/einvoice.ts) */}
        <Switch
          label={t('turnoverAbove5Crore')}
          description={t('turnoverAbove5CroreHint')}
          checked={values.vendorDetails.turnoverAbove5Crore}
          onChange={(e) => set('vendorDetails', { ...values.vendorDetails, turnoverAbove5Crore: e.currentTarget.checked })}
          data-testid="turnover-above-5-crore"
        />
        <MultiSelect
          label={t('deliveryAreas')}
          description={t('deliveryAreasHint')}
          placeholder={values.deliveryAreas.length ? undefined : t('everyArea')}
          data={[...new Set([...areas, ...values.deliveryAreas])]}
          value={values.deliveryAreas}
          onChange={(v) => set('deliveryAreas', v)}
          searchable
          clearable
          nothingFoundMessage={t('noSuchArea')}
          error={form.error('deliveryAreas')}
          data-testid="delivery-areas"
        />
        <div>
          <Text size="sm" fw={500}>
            {t('commission')}
          </Text>
          <Text data-testid="commission" c="dimmed">
            {t('commissionSet', { n: commission })}
          </Text>
        </div>
      </SimpleGrid>
    </>
  );
}
