import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { encode } from 'uqr';
import { formatRupees } from '../../core/money';
import { upiPayLink } from '../../core/upi';
import { useT } from '../lib/i18n';
import type { Lang } from '../lib/language';

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
  const { path, n } = useMemo(() => {
    const { data, size: count } = encode(link, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)));
    return { path: d, n: count };
  }, [link]);
  return (
    <Stack gap={2} align="center" data-testid="upi-qr" data-link={link}>
      <svg
        viewBox={`0 0 ${n} ${n}`}
        width={size}
        height={size}
        role="img"
        aria-label={t('upiQrLabel', { amount: formatRupees(amountPaise / 100), upiId })}
        shapeRendering="crispEdges"
        style={{ background: 'white' }}
      >
        <path d={path} fill="black" />
      </svg>
      <Text size="xs" ta="center">
        {t('upiScanToPay', { amount: formatRupees(amountPaise / 100) })}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {upiId}
      </Text>
    </Stack>
  );
}
