import { Modal, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { istDay } from '../../../core/dates';
import { EXPENSE_GST_RATES, EXPENSE_METHODS, EXPENSE_NOTE_MAX } from '../../../core/expense';
import { formatRupees } from '../../../core/money';
import type { ExpenseCategoryDto } from '../../../core/schemas/expense';
import { AmountInput } from '../../components/amount-input';
import { ModalForm } from '../../components/modal-form';
import { useLanguage, useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { MethodButtons } from './book-parts';
import { recordExpense } from './books-outbox';
import { categoryName } from './category-name';

const schema = () => import('../../../core/schemas/expense').then((m) => m.expenseSchema);

/**
 * Record an expense: its category, amount, how it was paid, the day, a note, and for a bill with GST the
 * supplier's GSTIN and rate. Checked with the server's expense schema; through the outbox, so the tea money
 * is recorded offline too and sent once.
 */
export default function ExpenseDialog({
  categories,
  onClose,
  onSaved,
}: {
  categories: ExpenseCategoryDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT('books');
  const lang = useLanguage();
  const today = istDay();
  const form = useSchemaForm({
    schema,
    initial: {
      category: '',
      amount: '' as number | '',
      method: 'cash' as (typeof EXPENSE_METHODS)[number],
      date: today,
      note: '',
      supplierGstin: '',
      gstRate: '',
    },
    toInput: (v) => ({
      ...v,
      amount: v.amount === '' ? undefined : v.amount,
      gstRate: v.gstRate === '' || !v.supplierGstin.trim() ? undefined : Number(v.gstRate),
    }),
  });
  const v = form.values;
  const nameOf = (id: string) => {
    const c = categories.find((x) => x._id === id);
    return c ? categoryName(c, lang) : id;
  };
  const save = form.submit(async (d) => {
    const made = await recordExpense(
      d,
      nameOf(d.category),
      t('expenseLabel', { category: nameOf(d.category), amount: formatRupees(d.amount) }),
    );
    notifications.show({ color: made ? 'green' : 'yellow', message: made ? t('expenseSaved') : t('expenseQueued') });
    onSaved();
  }, t('saveFailed'));

  return (
    <Modal opened onClose={onClose} title={t('expenseTitle')}>
      <ModalForm
        form={form}
        onSubmit={save}
        cancelLabel={t('cancel')}
        onCancel={onClose}
        submitLabel={t('addExpense')}
        submitTestId="save-expense"
      >
        <NativeSelect
          label={t('category')}
          value={v.category}
          onChange={(e) => form.set('category', e.currentTarget.value)}
          error={form.error('category')}
          data={[{ value: '', label: t('chooseCategory') }, ...categories.map((c) => ({ value: c._id, label: categoryName(c, lang) }))]}
          size="md"
          data-testid="expense-category"
        />
        <AmountInput
          label={t('payAmount')}
          value={v.amount}
          onChange={(a) => form.set('amount', a)}
          error={form.error('amount')}
          data-testid="expense-amount"
        />
        <MethodButtons methods={EXPENSE_METHODS} value={v.method} onChange={(m) => form.set('method', m)} />
        <TextInput
          type="date"
          label={t('expenseDate')}
          value={v.date}
          max={istDay(Date.now() + 86_400_000)}
          onChange={(e) => form.set('date', e.currentTarget.value)}
          error={form.error('date')}
          w={200}
        />
        <TextInput
          label={t('note')}
          value={v.note}
          onChange={(e) => form.set('note', e.currentTarget.value)}
          error={form.error('note')}
          maxLength={EXPENSE_NOTE_MAX}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('supplierGstin')}
            value={v.supplierGstin}
            onChange={(e) => form.set('supplierGstin', e.currentTarget.value.toUpperCase())}
            error={form.error('supplierGstin')}
            maxLength={15}
            autoCapitalize="characters"
          />
          <NativeSelect
            label={t('gstRate')}
            value={v.gstRate}
            disabled={!v.supplierGstin.trim()}
            onChange={(e) => form.set('gstRate', e.currentTarget.value)}
            error={form.error('gstRate')}
            data={[
              { value: '', label: t('noGst') },
              ...EXPENSE_GST_RATES.filter((r) => r > 0).map((r) => ({ value: String(r), label: `${r}%` })),
            ]}
          />
        </SimpleGrid>
      </ModalForm>
    </Modal>
  );
}
