import { Group, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { forwardRef, useEffect, useMemo, useState, type KeyboardEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import type { CounterProductDto } from '../../core/schemas/counter-catalog';
import { findProducts, prepareFind } from '../lib/find-products';
import { useLanguage, useT } from '../lib/i18n';

/** The fields of a product the box finds and shows (the counter's catalogue and every full product have them). */
type Listed = CounterProductDto;

interface Props<P extends Listed> {
  products: P[];
  onPick: (product: P) => void;
  /** A code or name that matched no product, or a pack's barcode, entered with Enter (a scanner ends its code with Enter). */
  onUnknown: (code: string) => void;
  /** The box's label, and what it shows empty. */
  texts: { label: string; placeholder: string };
  /** Its test id, and the prefix of the list's and the options' element ids (unique on the page). */
  testId: string;
  /** A match's second line: its code, stock... */
  detail: (product: P) => ReactNode;
  /** A match's right-hand side (the counter's price). */
  aside?: (product: P) => ReactNode;
  /** Shown after a match's name (the counter's vendor for an admin). */
  nameSuffix?: (product: P) => string;
  /** Beside the box (the counter's camera button). */
  besideInput?: ReactNode;
}

/**
 * The search box of the counter, the stock count and goods received: a name (English or Tamil) or a
 * barcode, typed or scanned into it; the arrows move through the matches and Enter takes the one marked
 * (an exact code or name comes first), or reports what matched nothing. Escape clears it.
 */
export const ProductCombobox = forwardRef(function ProductCombobox<P extends Listed>(
  { products, onPick, onUnknown, texts, testId, detail, aside, nameSuffix, besideInput }: Props<P>,
  ref: Ref<HTMLInputElement>,
) {
  const t = useT('common');
  const lang = useLanguage();
  // a match's two names: the interface language's first (the English one when it has no Tamil name)
  const names = (p: P) => (lang === 'ta' && p.Tamil ? { first: p.Tamil, second: p.name } : { first: p.name, second: p.Tamil });
  const { label } = texts;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // the list's search index is built as soon as the list is there, between other work, not on the first keystroke
  useEffect(() => prepareFind(products), [products]);
  const matches = useMemo(() => findProducts(products, query), [products, query]);
  const marked = matches[Math.min(active, matches.length - 1)];
  const open = query.trim() !== '';
  const listId = `${testId}-matches`;

  const pick = (p: P) => {
    setQuery('');
    setActive(0);
    onPick(p);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (matches.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const code = query.trim();
      // a pack's barcode goes to the caller, who knows what a pack sells as (the counter: that pack's line)
      if (marked && !marked.packs?.some((k) => k.barcode === code)) pick(marked);
      else if (code) {
        onUnknown(code);
        setQuery('');
      }
    } else if (e.key === 'Escape') setQuery('');
  };

  return (
    <div data-scan-own>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={ref}
          style={{ flex: 1 }}
          size="md"
          label={label}
          placeholder={texts.placeholder}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={marked ? `${testId}-${marked._id}` : undefined}
          autoComplete="off"
          data-testid={testId}
        />
        {besideInput}
      </Group>
      {open && (
        <Paper withBorder radius="md" mt={4} id={listId} role="listbox" aria-label={label}>
          {matches.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('noProductMatch')}
            </Text>
          ) : (
            matches.map((p, i) => {
              const { first, second } = names(p);
              return (
                <UnstyledButton
                  key={p._id}
                  id={`${testId}-${p._id}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(p)}
                  w="100%"
                  px="xs"
                  py={6}
                  mih={44}
                  style={{ background: i === active ? 'var(--mantine-color-teal-light)' : undefined }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      {/* whole, a long name on two lines rather than cut; the other language's name smaller beneath */}
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`${testId}-name`}>
                        {first}
                        {nameSuffix?.(p)}
                      </Text>
                      {second && (
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }} data-testid={`${testId}-other-name`}>
                          {second}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {detail(p)}
                      </Text>
                    </div>
                    {aside?.(p)}
                  </Group>
                </UnstyledButton>
              );
            })
          )}
        </Paper>
      )}
    </div>
  );
}) as <P extends Listed>(props: Props<P> & { ref?: Ref<HTMLInputElement> }) => ReactElement;
