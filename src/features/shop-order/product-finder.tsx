import { ActionIcon, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatRupees } from '../../../core/money';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import { ProductCombobox } from '../../components/product-combobox';
import { useT } from '../../lib/i18n';
import { findProducts } from '../../lib/find-products';
import { useUnitText } from '../../lib/unit-text';

const CameraScanner = lazy(() => import('./camera-scanner'));
interface FinderProps {
  products: CounterProductDto[];
  showVendor: boolean;
  onPick: (product: CounterProductDto) => void;
  /** A code that matched no product (scanned or typed with Enter). */
  onUnknown: (code: string) => void;
  /** Changes when a sale has been recorded: the box takes the focus for the next one. */
  focusKey?: string;
}

/**
 * One box for the whole range (src/components/product-combobox.tsx): Enter adds the match marked (a
 * line, or one more on the line already there) and the box keeps the focus for the next item; each
 * match shows its price; the camera scans into it.
 */
export default function ProductFinder({ products, showVendor, onPick, onUnknown, focusKey }: FinderProps) {
  const t = useT('shop-order');
  const units = useUnitText();
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // ready to type or scan into, unless the user is already in another field (this box loads beside the page)
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
  }, []);
  // after a sale, straight back to the product box for the next customer
  const firstKey = useRef(focusKey);
  useEffect(() => {
    if (focusKey !== firstKey.current) input.current?.focus();
  }, [focusKey]);

  const pick = (p: CounterProductDto) => {
    onPick(p);
    input.current?.focus();
  };
  const onScanned = (code: string) => {
    setCamera(false);
    const p = findProducts(products, code).find((x) => x.barcode === code);
    if (p) pick(p);
    else onUnknown(code);
  };

  return (
    <>
      <ProductCombobox
        ref={input}
        products={products}
        onPick={pick}
        onUnknown={onUnknown}
        texts={{ label: t('findLabel'), placeholder: t('findPlaceholder') }}
        testId="product-finder"
        nameSuffix={(p) => (showVendor && p.vendorName ? ` (${p.vendorName})` : '')}
        detail={(p) => `${p.barcode || p.subcategory} · ${t('inStockShort', { n: units.quantity(p.countInStock, p.unit) })}`}
        aside={(p) => (
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatRupees(Math.max(p.shopPrice - p.discount, 0))}
            {units.perUnit(p.unit)}
          </Text>
        )}
        besideInput={
          <ActionIcon
            size={42}
            variant="light"
            aria-label={t('scanWithCamera')}
            title={t('scanWithCamera')}
            onClick={() => setCamera(true)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2M7 8v8M10 8v8M13 8v8M17 8v8" />
            </svg>
          </ActionIcon>
        }
      />
      {camera && (
        <Suspense fallback={null}>
          <CameraScanner onCode={onScanned} onClose={() => setCamera(false)} />
        </Suspense>
      )}
    </>
  );
}
