import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

/** The number a typed amount stands for: Mantine hands "45.50" and "45." over as text, not as a number. */
const amountOf = (typed: string | number): number | '' => {
  if (typeof typed === 'number') return typed;
  const n = typed.trim() === '' ? NaN : Number(typed);
  return Number.isFinite(n) ? n : '';
};

/**
 * A sum of money to record (a payment, a hand-over): rupees with at most two decimals, above zero, the
 * phone's decimal keypad; '' while empty. What was typed stays as typed ("45.50", "45."), while the form
 * gets its number.
 */
export function AmountInput({
  value,
  onChange,
  ...props
}: { value: number | ''; onChange: (v: number | '') => void } & Omit<NumberInputProps, 'value' | 'onChange'>) {
  const [typed, setTyped] = useState<string | number>(value);
  // the form's own change (a prefilled amount, a reset) shows as it is
  const shown = amountOf(typed) === value ? typed : value;
  return (
    <NumberInput
      required
      min={0.01}
      decimalScale={2}
      allowNegative={false}
      inputMode="decimal"
      value={shown}
      onChange={(v) => {
        setTyped(v);
        onChange(amountOf(v));
      }}
      {...props}
    />
  );
}
