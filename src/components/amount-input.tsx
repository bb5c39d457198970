import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A sum of money to record (a payment, a hand-over): rupees with at most two decimals, above zero, the
 * phone's decimal keypad; '' while empty.
 */
export function AmountInput({
  value,
  onChange,
  ...props
}: { value: number | ''; onChange: (v: number | '') => void } & Omit<NumberInputProps, 'value' | 'onChange'>) {
  return (
    <NumberInput
      required
      min={0.01}
      decimalScale={2}
      allowNegative={false}
      inputMode="decimal"
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : '')}
      {...props}
    />
  );
}
