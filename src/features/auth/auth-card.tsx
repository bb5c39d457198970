import { Paper, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';

/** The centred card the sign-in, register and password screens sit in. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }} maw={width} mx="auto" my={{ base: 'xs', sm: 'xl' }}>
      <Stack gap={4} mb="lg">
        <Title order={2}>{title}</Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

/** Keeps only digits, at most `max` of them (phone and pincode inputs). */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** The 10-digit mobile number field of the sign-in, forgot and reset screens (digits only, +91 shown). */
export function PhoneInput({
  value,
  onChange,
  ...rest
}: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (phone: string) => void }) {
  const t = useT('auth');
  return (
    <TextInput
      label={t('phone')}
      placeholder={t('phonePlaceholder')}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.currentTarget.value, 10))}
      maxLength={10}
      inputMode="numeric"
      autoComplete="tel-national"
      leftSection={
        <Text size="sm" c="dimmed">
          +91
        </Text>
      }
      size="md"
      {...rest}
    />
  );
}
