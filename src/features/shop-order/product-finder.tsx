import { ActionIcon, Group, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatRupees } from '../../../core/money';
import type { ProductDto } from '../../../core/schemas/product';
import { useT } from '../../lib/i18n';
import { findProducts } from '../../lib/find-products';
import { useUnitText } from '../../lib/unit-text';

const CameraScanner = lazy(() => import('./camera-scanner'));
interface FinderProps {
  products: ProductDto[];
  showVendor: boolean;
  onPick: (product: ProductDto) => void;
  /** A code that matched no product (scanned or typed with Enter). */
  onUnknown: (code: string) => void;
}

/**
 * One box for the whole range: type a name (English or Tamil) or a barcode, or scan into it; the arrows
 * move through the matches and Enter adds the one marked (a line, or one more on the line already there).
 */
export default function ProductFinder({ products, showVendor, onPick, onUnknown }: FinderProps) {
  const t = useT('shop-order');
  const units = useUnitText();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => findProducts(products, query), [products, query]);
  // ready to type or scan into, unless the user is already in another field (this box loads beside the page)
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
  }, []);

  const pick = (p: ProductDto) => {
    onPick(p);
    setQuery('');
    setActive(0);
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (matches.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const p = matches[Math.min(active, matches.length - 1)];
      if (p) pick(p);
      else if (query.trim()) {
        onUnknown(query.trim());
        setQuery('');
      }
    } else if (e.key === 'Escape') {
      setQuery('');
    }
  };
  const onScanned = (code: string) => {
    setCamera(false);
    const p = findProducts(products, code).find((x) => x.barcode === code);
    if (p) pick(p);
    else onUnknown(code);
  };

  return (
    <div data-scan-own>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={input}
          style={{ flex: 1 }}
          size="md"
          label={t('findLabel')}
          placeholder={t('findPlaceholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={query.trim() !== ''}
          aria-controls={query.trim() !== '' ? 'finder-matches' : undefined}
          aria-activedescendant={matches.length ? `finder-${matches[Math.min(active, matches.length - 1)]._id}` : undefined}
          autoComplete="off"
          data-testid="product-finder"
        />
        <ActionIcon size={42} variant="light" aria-label={t('scanWithCamera')} title={t('scanWithCamera')} onClick={() => setCamera(true)}>
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2M7 8v8M10 8v8M13 8v8M17 8v8" />
          </svg>
        </ActionIcon>
      </Group>
      {query.trim() !== '' && (
        <Paper withBorder radius="md" mt={4} id="finder-matches" role="listbox" aria-label={t('findLabel')}>
          {matches.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('noMatch')}
            </Text>
          ) : (
            matches.map((p, i) => (
              <UnstyledButton
                key={p._id}
                id={`finder-${p._id}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(p)}
                w="100%"
                px="xs"
                py={6}
                style={{ background: i === active ? 'var(--mantine-color-teal-light)' : undefined }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {p.name}
                      {p.Tamil ? ` · ${p.Tamil}` : ''}
                      {showVendor && p.vendorName ? ` (${p.vendorName})` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.barcode || p.subcategory} · {t('inStockShort', { n: units.quantity(p.countInStock, p.unit) })}
                    </Text>
                  </div>
                  <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatRupees(Math.max(p.shopPrice - p.discount, 0))}
                    {units.perUnit(p.unit)}
                  </Text>
                </Group>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
      {camera && (
        <Suspense fallback={null}>
          <CameraScanner onCode={onScanned} onClose={() => setCamera(false)} />
        </Suspense>
      )}
    </div>
  );
}
