import { Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { forwardRef, useMemo, useState, type KeyboardEvent } from 'react';
import type { ProductDto } from '../../../core/schemas/product';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

const MAX_MATCHES = 8;

/** Products matching what was typed: the exact barcode or name first, then names (English or Tamil) holding every word. */
function matchProducts(products: ProductDto[], query: string): ProductDto[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const exact = products.filter((p) => (p.barcode && p.barcode.toLowerCase() === q) || p.name.toLowerCase() === q);
  const words = q.split(/\s+/);
  const named = products.filter((p) => !exact.includes(p) && words.every((w) => `${p.name} ${p.Tamil}`.toLowerCase().includes(w)));
  return [...exact, ...named].slice(0, MAX_MATCHES);
}

interface Props {
  products: ProductDto[];
  onPick: (product: ProductDto) => void;
  /** A code or name that matched no product, entered with Enter (a scanner ends its code with Enter). */
  onUnknown: (code: string) => void;
}

/** The bill's product box: type a name or a barcode, or scan into it; arrows move through the matches, Enter adds one. */
export const ProductPicker = forwardRef<HTMLInputElement, Props>(function ProductPicker({ products, onPick, onUnknown }, ref) {
  const t = useT('purchases');
  const units = useUnitText();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchProducts(products, query), [products, query]);
  const pick = (p: ProductDto) => {
    onPick(p);
    setQuery('');
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (matches.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const p = matches[Math.min(active, matches.length - 1)];
      if (p) pick(p);
      else if (query.trim()) {
        onUnknown(query.trim());
        setQuery('');
      }
    } else if (e.key === 'Escape') setQuery('');
  };
  const open = query.trim() !== '';
  return (
    <div data-scan-own>
      <TextInput
        ref={ref}
        size="md"
        label={t('findProduct')}
        placeholder={t('findPlaceholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? 'purchase-matches' : undefined}
        aria-activedescendant={matches.length ? `pm-${matches[Math.min(active, matches.length - 1)]._id}` : undefined}
        autoComplete="off"
        data-testid="purchase-finder"
      />
      {open && (
        <Paper withBorder radius="md" mt={4} id="purchase-matches" role="listbox" aria-label={t('findProduct')}>
          {matches.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('noMatch')}
            </Text>
          ) : (
            matches.map((p, i) => (
              <UnstyledButton
                key={p._id}
                id={`pm-${p._id}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(p)}
                w="100%"
                px="xs"
                mih={44}
                style={{ background: i === active ? 'var(--mantine-color-teal-light)' : undefined }}
              >
                <Text size="sm" fw={600} lineClamp={1}>
                  {p.name}
                  {p.Tamil ? ` · ${p.Tamil}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.barcode ? `${p.barcode} · ` : ''}
                  {t('inStock', { n: units.quantity(p.countInStock, p.unit) })}
                </Text>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
    </div>
  );
});
