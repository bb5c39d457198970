import { Alert, Anchor, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { useT } from '../lib/i18n';
import { useSchemaForm } from '../lib/use-schema-form';
import { SubmitButton } from './submit-button';

export interface SmsCodeFormProps<T> {
  /** The phone the code was sent to (sent with the code). */
  phone: string;
  /** The request's schema: `{ phone, code }` (core/schemas/user.ts), loaded on the first check. */
  schema: () => Promise<z.ZodType<{ phone: string; code: string }>>;
  /** What the server said when it sent the code. */
  message: string;
  /** Checks the code with the server; its answer goes to `verified`. */
  verify: (code: string) => Promise<T>;
  verified: (answer: T) => void;
  /** Asks for a new code; answers the server's message. */
  resend: () => Promise<string | null>;
  back: () => void;
  backLabel: string;
  /** The text shown when the server gives no reason. */
  failText: string;
  /** The code boxes' accessible name. */
  codeLabel: string;
  testIdPrefix: string;
}

/** The 6-digit SMS code step (registration, a new phone): code boxes, Verify, send again, go back. */
export function SmsCodeForm<T>({
  phone,
  schema,
  message,
  verify,
  verified,
  resend,
  back,
  backLabel,
  failText,
  codeLabel,
  testIdPrefix,
}: SmsCodeFormProps<T>) {
  const form = useSchemaForm({ schema, initial: { phone, code: '' } });
  const [info, setInfo] = useState(message);
  const [resending, setResending] = useState(false);
  const t = useT('common');
  // the code's problem (a short code, or the server's "Invalid or expired code") is said under the boxes
  const codeError = form.error('code') ?? form.error('phone');

  const submit = form.submit(async ({ code }) => verified(await verify(code)), failText);
  const verifying = form.saving;

  async function again() {
    setResending(true);
    form.refuse(null);
    try {
      setInfo((await resend()) ?? message);
      form.set('code', '');
    } catch (err) {
      form.refuse(err, failText);
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate ref={form.formRef}>
      <Stack>
        <Alert color="green" role="status" data-testid={`${testIdPrefix}-code-sent`}>
          {info}
        </Alert>
        {form.banner && (
          <Alert color="red" role="alert" data-testid={`${testIdPrefix}-failed`}>
            {form.banner}
          </Alert>
        )}
        <Stack gap={6} align="center">
          <Text size="sm" fw={500}>
            {t('sixDigitCode')}
          </Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            size="md"
            gap="xs"
            value={form.values.code}
            onChange={(code) => form.set('code', code)}
            ariaLabel={codeLabel}
            disabled={verifying}
            error={!!codeError}
          />
          {codeError && (
            <Text c="red.6" size="sm" role="alert" data-testid={`${testIdPrefix}-error`}>
              {codeError}
            </Text>
          )}
        </Stack>
        <SubmitButton loading={verifying}>{t('verify')}</SubmitButton>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={back} disabled={verifying}>
            {backLabel}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={again} disabled={resending || verifying}>
            {resending ? t('sending') : t('sendCodeAgain')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
