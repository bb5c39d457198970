import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { ProductDto } from '../../../core/schemas/product';
import type { StockCountResult } from '../../../core/schemas/stock';
import { PageHeader } from '../../components/page-header';
import { ProductCombobox } from '../../components/product-combobox';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api';
import { useNumberFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner';
import { useUnitText } from '../../lib/unit-text';
import { useCachedQuery } from '../../data/use-cached-query';
import { CountLine } from './count-line';
import { CountResult } from './count-result';
import { fetchCountableProducts, postCount } from './stock-api';

interface Line {
  product: ProductDto;
  counted: number | '';
}

/** /stock-count: count a shelf: find or scan each product, type what is there, apply the count once. */
export default function StockCountPage() {
  const t = useT('stock');
  const num = useNumberFormat();
  const units = useUnitText();
  const q = useCachedQuery('stock-count:products', fetchCountableProducts, { persist: false });
  const products = q.data ?? [];
  const [lines, setLines] = useState<Line[]>([]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ result: StockCountResult; products: ProductDto[] } | null>(null);
  const finder = useRef<HTMLInputElement>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  useEffect(() => {
    if (!focusId) return;
    inputs.current.get(focusId)?.focus();
    inputs.current.get(focusId)?.select();
    setFocusId(null);
  }, [focusId, lines]);

  /** Adds the product to the count (once) and puts the cursor in its counted box. */
  const add = (p: ProductDto) => {
    setResult(null);
    setLines((ls) => (ls.some((l) => l.product._id === p._id) ? ls : [...ls, { product: p, counted: '' }]));
    setFocusId(p._id);
  };
  const unknown = (code: string) => notifications.show({ color: 'red', message: t('unknownCode', { code }) });
  useBarcodeScanner((code) => {
    const p = products.find((x) => x.barcode && x.barcode.toLowerCase() === code.toLowerCase());
    if (p) add(p);
    else unknown(code);
  });

  const setCounted = (id: string, counted: number | '') => setLines((ls) => ls.map((l) => (l.product._id === id ? { ...l, counted } : l)));
  const remove = (id: string) => setLines((ls) => ls.filter((l) => l.product._id !== id));

  const apply = async () => {
    setError(null);
    if (lines.some((l) => l.counted === '')) {
      setError(t('enterCounts'));
      return;
    }
    setSaving(true);
    try {
      const res = await postCount({ lines: lines.map((l) => ({ productId: l.product._id, counted: l.counted as number })) });
      const changed = res.lines.filter((l) => l.difference !== 0).length;
      notifications.show({ color: 'green', message: t('countApplied', { n: num.format(changed) }) });
      setResult({ result: res, products: lines.map((l) => l.product) });
      setLines([]);
      q.refresh();
    } catch (err) {
      setError(errorMessage(err, t('applyFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('stockCount')} hint={t('countHint')} mb={0} />
      {/* a code scanned before the products are in would be "unknown": the box comes with them */}
      <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={70} />}>
        {(products) => (
          <ProductCombobox
            testId="count-finder"
            ref={finder}
            products={products}
            onPick={add}
            onUnknown={unknown}
            texts={{ label: t('findLabel'), placeholder: t('findPlaceholder') }}
            detail={(p) => `${p.barcode || p.subcategory} · ${t('bookStock')} ${units.quantity(p.countInStock, p.unit)}`}
          />
        )}
      </QueryView>
      {result && <CountResult result={result.result} products={result.products} onAgain={() => setResult(null)} />}
      {lines.length === 0 ? (
        !result && <Alert color="gray">{t('nothingCounted')}</Alert>
      ) : (
        <>
          <Stack gap="xs">
            {lines.map((l) => (
              <CountLine
                key={l.product._id}
                product={l.product}
                counted={l.counted}
                onCounted={(v) => setCounted(l.product._id, v)}
                onRemove={() => remove(l.product._id)}
                onDone={() => finder.current?.focus()}
                inputRef={(el) => {
                  if (el) inputs.current.set(l.product._id, el);
                  else inputs.current.delete(l.product._id);
                }}
              />
            ))}
          </Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('itemsCounted', { n: num.format(lines.length) })}
            </Text>
            <Button size="md" onClick={() => void apply()} loading={saving} data-testid="apply-count">
              {t('applyCount')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
