import { Stack, Text } from '@mantine/core';
import { formatRupees } from '../../core/money';
import { upiPayLink } from '../../core/upi';
import { useT } from '../lib/i18n';
import type { Lang } from '../lib/language';
import { QrCode } from './qr-code';

export interface UpiQrProps {
  upiId: string;
  payee: string;
  amountPaise: number;
  note: string;
  /** Width on screen and paper, CSS length. */
  size?: string;
  /** The language of its words (a bill's own); the interface language without it. */
  lang?: Lang;
}

/**
 * The UPI QR code of a payment: the NPCI upi://pay link with the exact amount, drawn here as SVG
 * (no network, so it works offline). Loaded on its own, only when a screen shows one.
 */
export default function UpiQr({ upiId, payee, amountPaise, note, size = '180px', lang }: UpiQrProps) {
  const t = useT('upi-qr', lang);
  const link = upiPayLink({ upiId, payee, amountPaise, note });
  return (
    <Stack gap={2} align="center" data-testid="upi-qr" data-link={link}>
      <QrCode text={link} size={size} label={t('upiQrLabel', { amount: formatRupees(amountPaise / 100), upiId })} />
      <Text size="xs" ta="center">
        {t('upiScanToPay', { amount: formatRupees(amountPaise / 100) })}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {upiId}
      </Text>
    </Stack>
  );
}
