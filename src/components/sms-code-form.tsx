import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../lib/api';
import { useT } from '../lib/i18n';

export interface SmsCodeFormProps<T> {
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
  const [code, setCode] = useState('');
  const [info, setInfo] = useState(message);
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const t = useT('common');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t('enterCode'));
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      verified(await verify(code));
    } catch (err) {
      setError(errorMessage(err, failText));
      setVerifying(false);
    }
  }

  async function again() {
    setResending(true);
    setError(null);
    try {
      setInfo((await resend()) ?? message);
      setCode('');
    } catch (err) {
      setError(errorMessage(err, failText));
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="green" role="status" data-testid={`${testIdPrefix}-code-sent`}>
          {info}
        </Alert>
        {error && (
          <Alert color="red" role="alert" data-testid={`${testIdPrefix}-error`}>
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
            value={code}
            onChange={setCode}
            ariaLabel={codeLabel}
            disabled={verifying}
            error={!!error}
          />
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
