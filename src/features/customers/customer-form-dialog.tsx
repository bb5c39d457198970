import { newCustomerLanguage } from '../../../core/bill-language';
import { Modal, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CUSTOMER_ADDRESS_MAX, CUSTOMER_NAME_MAX } from '../../../core/customer';
import { GST_STATES, gstinStateCode } from '../../../core/gstin';
import type { CustomerDto, UpdateCustomerInput } from '../../../core/schemas/customer';
import { ModalForm } from '../../components/modal-form';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { addCustomer } from '../../data/shop-customers';
import { updateCustomer } from './customers-api';
import { PriceListField } from './price-list-field';

const schema = () => import('../../../core/schemas/customer').then((m) => m.updateCustomerSchema);

interface Props {
  /** Edit this customer; none: add a new one. */
  customer?: CustomerDto;
  onClose: () => void;
  onSaved: (c: CustomerDto) => void;
}

type Form = {
  name: string;
  phone: string;
  gstin: string;
  address: string;
  stateCode: string | null;
  creditLimit: number | '';
  creditDays: number | '';
  openingBalance: number | '';
  /** null: not chosen; a new customer then gets the core default (English outside Tamil Nadu). */
  language: 'en' | 'ta' | null;
  /** The price list the counter prices the customer by; null: selling prices. */
  priceListId: string | null;
};

const fromCustomer = (c?: CustomerDto): Form => ({
  name: c?.name ?? '',
  phone: c?.phone ?? '',
  gstin: c?.gstin ?? '',
  address: c?.address ?? '',
  stateCode: c?.stateCode || null,
  creditLimit: c?.creditLimit ?? '',
  creditDays: c?.creditDays ?? '',
  openingBalance: c?.openingBalance || '',
  language: c?.language ?? null,
  priceListId: c?.priceListId ?? null,
});

/** The body the API takes: empty fields left out (no GSTIN, no limit). */
function toBody(f: Form): UpdateCustomerInput {
  return {
    name: f.name.trim(),
    phone: f.phone.trim(),
    ...(f.gstin.trim() ? { gstin: f.gstin.trim() } : {}),
    ...(f.address.trim() ? { address: f.address.trim() } : {}),
    ...(f.stateCode ? { stateCode: f.stateCode } : {}),
    ...(f.creditLimit !== '' ? { creditLimit: f.creditLimit } : {}),
    ...(f.creditDays !== '' ? { creditDays: f.creditDays } : {}),
    ...(f.openingBalance !== '' ? { openingBalance: f.openingBalance } : {}),
    language: f.language ?? newCustomerLanguage(f.stateCode ?? (f.gstin.trim() ? gstinStateCode(f.gstin.trim()) : null)),
    ...(f.priceListId ? { priceListId: f.priceListId } : {}),
  };
}

/** Add or edit a customer: name and phone, and for a business its GSTIN (the state follows it), credit limit and days; checked with the server's customer schema. */
export default function CustomerFormDialog({ customer, onClose, onSaved }: Props) {
  const t = useT('customers');
  const form = useSchemaForm({ schema, initial: () => fromCustomer(customer), toInput: toBody });
  const f = form.values;
  const set = (p: Partial<Form>) => form.setValues((x) => ({ ...x, ...p }));
  const errorOf = (field: string) => form.error(field);

  const save = form.submit(async (body) => {
    if (customer) {
      onSaved(await updateCustomer(customer._id, body));
      notifications.show({ color: 'green', message: t('saved') });
    } else {
      const { customer: made, queued } = await addCustomer(body);
      notifications.show({ color: queued ? 'yellow' : 'green', message: t(queued ? 'queued' : 'saved') });
      onSaved(made);
    }
  }, t('loadFailed'));

  return (
    <Modal opened onClose={onClose} title={customer ? t('editCustomer') : t('addCustomer')} size="lg">
      <ModalForm
        form={form}
        onSubmit={save}
        onCancel={onClose}
        submitLabel={t('save')}
        submitDisabled={!f.name.trim() || f.phone.length !== 10}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('name')}
            required
            value={f.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            maxLength={CUSTOMER_NAME_MAX}
            error={errorOf('name')}
          />
          <TextInput
            label={t('phone')}
            required
            inputMode="tel"
            value={f.phone}
            onChange={(e) => set({ phone: e.currentTarget.value.replace(/\D/g, '').slice(0, 10) })}
            error={errorOf('phone')}
          />
          <TextInput
            label={t('gstin')}
            description={t('gstinHint')}
            value={f.gstin}
            onChange={(e) => {
              const gstin = e.currentTarget.value.toUpperCase();
              set({ gstin, ...(/^\d{2}/.test(gstin) ? { stateCode: gstin.slice(0, 2) } : {}) });
            }}
            maxLength={15}
            error={errorOf('gstin')}
          />
          <Select
            label={t('state')}
            description={t('stateHint')}
            data={GST_STATES.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }))}
            value={f.stateCode}
            onChange={(v) => set({ stateCode: v })}
            searchable
            clearable
            error={errorOf('stateCode')}
          />
          <TextInput
            label={t('address')}
            value={f.address}
            onChange={(e) => set({ address: e.currentTarget.value })}
            maxLength={CUSTOMER_ADDRESS_MAX}
            error={errorOf('address')}
          />
          <Select
            label={t('language')}
            data={[
              { value: 'ta', label: t('tamil') },
              { value: 'en', label: t('english') },
            ]}
            value={f.language ?? newCustomerLanguage(f.stateCode ?? (f.gstin.trim() ? gstinStateCode(f.gstin.trim()) : null))}
            onChange={(v) => set({ language: v === 'en' ? 'en' : 'ta' })}
            allowDeselect={false}
          />
          <NumberInput
            label={t('creditLimit')}
            description={t('creditLimitHint')}
            min={0}
            decimalScale={2}
            allowNegative={false}
            value={f.creditLimit}
            onChange={(v) => set({ creditLimit: typeof v === 'number' ? v : '' })}
            error={errorOf('creditLimit')}
          />
          <NumberInput
            label={t('creditDays')}
            description={t('creditDaysHint')}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={f.creditDays}
            onChange={(v) => set({ creditDays: typeof v === 'number' ? v : '' })}
            error={errorOf('creditDays')}
          />
          <NumberInput
            label={t('openingBalance')}
            description={t('openingBalanceHint')}
            min={0}
            decimalScale={2}
            allowNegative={false}
            value={f.openingBalance}
            onChange={(v) => set({ openingBalance: typeof v === 'number' ? v : '' })}
            error={errorOf('openingBalance')}
          />
          <PriceListField value={f.priceListId} onChange={(id) => set({ priceListId: id })} error={errorOf('priceListId')} />
        </SimpleGrid>
      </ModalForm>
    </Modal>
  );
}
