import { Button, CloseButton, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatRupees, toPaise } from '../../../core/money';
import type { SalePaymentMethod } from '../../../core/payments';
import { freeSplitMethods, type PaymentPart, restBy, SPLIT_MAX_PARTS, splitRemainderPaise } from '../../../core/split-payment';
import { useT } from '../../lib/i18n';

const UpiQr = lazy(() => import('../../components/upi-qr'));

/** The notes a customer most often hands over for a cash part: one tap sets the first part's amount. */
const NOTES = [100, 200, 500];
/** The editor's buttons: thumb-sized on a phone. */
const small = { size: 'sm', mih: { base: 44, sm: 30 }, px: 'xs' } as const;

interface Props {
  parts: PaymentPart[];
  onChange: (parts: PaymentPart[]) => void;
  /** The sale's total (rupees). */
  total: number;
  /** A customer is chosen: a credit part may be offered. */
  customer: boolean;
  /** The shop's static UPI QR for a UPI part (null: none to show). */
  upi: { upiId: string; payee: string; note: string } | null;
}

/**
 * A sale paid in parts: rows of a method and an amount, what is left to pay, and one tap to put the rest on a
 * method ("Rest by UPI"). ₹500 in cash and the rest by UPI is three taps: Split, ₹500, Rest by UPI.
 */
export default function SplitPaymentFields({ parts, onChange, total, customer, upi }: Props) {
  const t = useT('shop-order');
  const totalPaise = toPaise(total);
  const left = splitRemainderPaise(totalPaise, parts);
  const allowed = freeSplitMethods([], customer);
  const setPart = (i: number, p: Partial<PaymentPart>) => onChange(parts.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const upiPaise = toPaise(parts.find((p) => p.method === 'upi')?.amount ?? 0);
  // "Rest by …" for the last part: a method no earlier part has, once a part has an amount, whose tap changes something
  const rests = allowed
    .filter((m) => !parts.slice(0, -1).some((p) => p.method === m) && parts.some((p) => p.method !== m && p.amount > 0))
    // a part still blank gives way to the rest
    .map((m) => ({
      method: m,
      parts: restBy(
        totalPaise,
        parts.filter((p) => p.amount > 0),
        m,
      ),
    }))
    .filter((r) => JSON.stringify(r.parts) !== JSON.stringify(parts));

  return (
    <Stack gap="xs" data-testid="split-payment">
      {parts.map((p, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            aria-label={t('splitMethodN', { n: i + 1 })}
            value={p.method}
            onChange={(e) => setPart(i, { method: e.currentTarget.value as SalePaymentMethod })}
            // a method another part has is not offered again
            data={allowed
              .filter((m) => m === p.method || !parts.some((x) => x.method === m))
              .map((m) => ({ value: m, label: t(`method_${m}`) }))}
            w={130}
          />
          <NumberInput
            aria-label={t('splitAmountN', { n: i + 1 })}
            prefix="₹"
            min={0}
            decimalScale={2}
            allowNegative={false}
            inputMode="decimal"
            value={p.amount || ''}
            onChange={(v) => setPart(i, { amount: typeof v === 'number' ? v : 0 })}
            style={{ flex: 1 }}
            miw={100}
          />
          {parts.length > 1 && (
            <CloseButton aria-label={t('splitRemovePart', { n: i + 1 })} onClick={() => onChange(parts.filter((_, j) => j !== i))} />
          )}
        </Group>
      ))}
      {parts.length === 1 && (
        <Group gap={4}>
          {NOTES.filter((n) => toPaise(n) < totalPaise).map((n) => (
            <Button key={n} {...small} variant="default" onClick={() => setPart(0, { amount: n })}>
              ₹{n}
            </Button>
          ))}
        </Group>
      )}
      <Text size="sm" fw={700} c={left === 0 ? 'teal.8' : left < 0 ? 'red' : undefined} data-testid="split-left" aria-live="polite">
        {left === 0
          ? t('splitDone', { total: formatRupees(total) })
          : left > 0
            ? t('splitLeft', { amount: formatRupees(left / 100) })
            : t('splitOver', { amount: formatRupees(-left / 100) })}
      </Text>
      <Group gap={4}>
        {rests.map(({ method, parts: next }) => (
          <Button key={method} {...small} variant="light" onClick={() => onChange(next)}>
            {t('splitRestBy', { method: t(`method_${method}`) })}
          </Button>
        ))}
        {parts.length < Math.min(SPLIT_MAX_PARTS, allowed.length) && (
          <Button
            {...small}
            variant="subtle"
            onClick={() => onChange([...parts, { method: freeSplitMethods(parts, customer)[0], amount: 0 }])}
          >
            {t('splitAddPart')}
          </Button>
        )}
      </Group>
      {upi && upiPaise > 0 && (
        <Suspense fallback={<div style={{ height: 180 }} />}>
          <UpiQr upiId={upi.upiId} payee={upi.payee} amountPaise={upiPaise} note={upi.note} />
        </Suspense>
      )}
    </Stack>
  );
}
