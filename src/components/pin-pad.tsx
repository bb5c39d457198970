import { Button, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../lib/i18n';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const MAX = 6;
/** A key of the pad keeps the focus in the PIN field: a keyboard types on where a finger left off. */
const keepFocus = (e: { preventDefault: () => void }) => e.preventDefault();

/**
 * A PIN pad: the masked PIN field (a keyboard types into it, and Enter submits its form) over big keys
 * (56 px, for a thumb on a till's touch screen). The field asks the phone for no keyboard of its own:
 * the pad is the keyboard. It sits in a form whose submit checks the PIN.
 */
export function PinPad({
  label,
  value,
  onChange,
  error,
  busy,
  submitLabel,
}: {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  error?: ReactNode;
  busy: boolean;
  submitLabel: string;
}) {
  const t = useT('staff');
  const input = useRef<HTMLInputElement>(null);
  // the pad opens ready for the PIN, typed or tapped
  useEffect(() => input.current?.focus(), []);
  const set = (pin: string) => onChange(pin.replace(/\D/g, '').slice(0, MAX));
  // a digit or Backspace typed while a key of the pad has the focus (tabbed to) still reaches the PIN
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target === input.current) return;
    if (/^\d$/.test(e.key)) set(value + e.key);
    else if (e.key === 'Backspace') set(value.slice(0, -1));
    else return;
    e.preventDefault();
  };
  return (
    <Stack gap="sm" onKeyDown={onKeyDown}>
      <PasswordInput
        ref={input}
        label={label}
        value={value}
        onChange={(e) => set(e.currentTarget.value)}
        error={error}
        inputMode="none"
        autoComplete="off"
        maxLength={MAX}
        size="lg"
        data-autofocus
        // the counter's barcode scanner (src/lib/use-barcode-scanner.ts) leaves a PIN typed fast alone
        data-scan-own
        data-testid="pin-input"
        styles={{ input: { letterSpacing: 8, textAlign: 'center', fontSize: 24 } }}
      />
      <SimpleGrid cols={3} spacing="xs">
        {DIGITS.map((d) => (
          <Button key={d} variant="default" h={56} fz={22} onMouseDown={keepFocus} onClick={() => set(value + d)}>
            {d}
          </Button>
        ))}
        <Button
          variant="default"
          h={56}
          fz={22}
          onMouseDown={keepFocus}
          onClick={() => set(value.slice(0, -1))}
          aria-label={t('deleteDigit')}
        >
          ⌫
        </Button>
        <Button variant="default" h={56} fz={22} onMouseDown={keepFocus} onClick={() => set(value + '0')}>
          0
        </Button>
        <Button
          type="submit"
          h={56}
          px={6}
          loading={busy}
          disabled={value.length < 4}
          data-testid="pin-submit"
          // a longer word ("Approve", Tamil) wraps inside the key rather than being cut
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.15, overflow: 'visible' } }}
        >
          {submitLabel}
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
