import { Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { forwardRef, useMemo, useState, type KeyboardEvent } from 'react';
import type { ProductDto } from '../../../core/schemas/product';
import { findProducts } from '../../lib/find-products';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

interface Props {
  products: ProductDto[];
  onPick: (product: ProductDto) => void;
  /** A code typed or scanned with Enter that matched no product. */
  onUnknown: (code: string) => void;
}

/**
 * The count's search box: a name (English or Tamil) or a barcode, typed or scanned into it; the arrows
 * move through the matches and Enter takes the one marked (an exact barcode comes first).
 */
export const CountFinder = forwardRef<HTMLInputElement, Props>(function CountFinder({ products, onPick, onUnknown }, ref) {
  const t = useT('stock');
  const units = useUnitText();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => findProducts(products, query), [products, query]);
  const open = query.trim() !== '';

  const pick = (p: ProductDto) => {
    setQuery('');
    setActive(0);
    onPick(p);
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
    } else if (e.key === 'Escape') setQuery('');
  };

  return (
    <div data-scan-own style={{ position: 'relative' }}>
      <TextInput
        ref={ref}
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
        aria-expanded={open}
        aria-controls={open ? 'count-matches' : undefined}
        aria-activedescendant={matches.length ? `count-${matches[Math.min(active, matches.length - 1)]._id}` : undefined}
        autoComplete="off"
        data-testid="count-finder"
      />
      {open && (
        <Paper withBorder radius="md" mt={4} id="count-matches" role="listbox" aria-label={t('findLabel')}>
          {matches.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('noMatch')}
            </Text>
          ) : (
            matches.map((p, i) => (
              <UnstyledButton
                key={p._id}
                id={`count-${p._id}`}
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
                  {p.barcode || p.subcategory} · {t('bookStock')} {units.quantity(p.countInStock, p.unit)}
                </Text>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
    </div>
  );
});
