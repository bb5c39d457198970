import { TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '../lib/i18n';

/** The search of an order list by its reference: the order number (#25) or the invoice number's sequence. */
export function OrderRefSearch({
  value,
  onChange,
  ...rest
}: Omit<TextInputProps, 'onChange'> & { value: string; onChange: (value: string) => void }) {
  const t = useT('common');
  return (
    <TextInput
      type="search"
      label={t('searchRef')}
      placeholder={t('searchRefPlaceholder')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...rest}
    />
  );
}
