import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../lib/api';
import { useT } from '../lib/i18n';
import { useSchemaForm } from '../lib/use-schema-form';

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
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const t = useT('common');
  // the code's problem (a short code, or the server's "Invalid or expired code") is said under the boxes
  const codeError = form.error('code') ?? form.error('phone');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setVerifying(true);
    try {
      verified(await verify(checked.data.code));
    } catch (err) {
      if (!form.serverError(err)) setError(errorMessage(err, failText));
      setVerifying(false);
    }
  }

  async function again() {
    setResending(true);
    setError(null);
    try {
      setInfo((await resend()) ?? message);
      form.set('code', '');
    } catch (err) {
      setError(errorMessage(err, failText));
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
        {error && (
          <Alert color="red" role="alert" data-testid={`${testIdPrefix}-failed`}>
            {error}
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
        <Button type="submit" size="md" loading={verifying} fullWidth>
          {t('verify')}
        </Button>
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
