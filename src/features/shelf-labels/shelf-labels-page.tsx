import { Alert, Box, SimpleGrid, Button, Card, Checkbox, Group, NumberInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatRupees } from '../../../core/money';
import type { ProductDto } from '../../../core/schemas/product';
import { DocumentPage } from '../../components/document-page';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { loadBarcodeLibrary } from './barcode-svg';
import { type LabelLayout, LabelSheet } from './label-sheet';
import { fetchLabelProducts, giveStoreCodes } from './labels-api';

const MAX_COPIES = 100;

/** Tamil names print from the shipped font: wait for it (and the barcode library) before the print dialog. */
async function readyToPrint() {
  await loadBarcodeLibrary();
  if (document.fonts) {
    await Promise.all([
      document.fonts.load('400 12px "Noto Sans Tamil"', 'த'),
      document.fonts.load('700 12px "Noto Sans Tamil"', 'த'),
    ]).catch(() => undefined);
    await document.fonts.ready;
  }
}

/** A product of the picker: a checkbox with its name, price and barcode; the copies once chosen. */
function PickRow({ p, copies, onCopies }: { p: ProductDto; copies: number | null; onCopies: (n: number | null) => void }) {
  const t = useT('shelf-labels');
  return (
    <Card withBorder radius="md" padding="xs" data-testid="label-pick">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Checkbox
          size="md"
          checked={copies !== null}
          onChange={(e) => onCopies(e.currentTarget.checked ? 1 : null)}
          aria-label={t('chooseProduct', { name: p.name })}
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          label={
            <div>
              <Text fw={700} size="sm">
                {p.name}
              </Text>
              <Text size="xs" c="dimmed">
                {[p.Tamil, formatRupees(Math.max(0, p.shopPrice - p.discount)), p.barcode || t('noBarcode')].filter(Boolean).join(' · ')}
              </Text>
            </div>
          }
        />
        {copies !== null && (
          <NumberInput
            w={96}
            size="md"
            label={t('copies')}
            value={copies}
            min={1}
            max={MAX_COPIES}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            onChange={(v) => onCopies(Math.max(1, Math.min(MAX_COPIES, Number(v) || 1)))}
            data-testid="label-copies"
          />
        )}
      </Group>
    </Card>
  );
}

/** /labels: shelf labels for chosen products (copies each), on an A4 label sheet or a label roll. */
export default function ShelfLabelsPage() {
  const t = useT('shelf-labels');
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const q = useCachedQuery(`label-products:${debounced}`, () => fetchLabelProducts(debounced), { persist: false, keepPrevious: true });
  /** The chosen products (kept across searches) with their copies. */
  const [chosen, setChosen] = useState<Map<string, { product: ProductDto; copies: number }>>(new Map());
  /** In-store codes are being given (before a print, or on their own button). */
  const [giving, setGiving] = useState(false);

  const picks = [...chosen.values()];
  const labels = useMemo(() => picks.flatMap(({ product, copies }) => Array.from({ length: copies }, () => product)), [picks]);
  const withoutCode = picks.filter((c) => !c.product.barcode).map((c) => c.product._id);

  const setCopies = (p: ProductDto, n: number | null) =>
    setChosen((m) => {
      const next = new Map(m);
      if (n === null) next.delete(p._id);
      else next.set(p._id, { product: next.get(p._id)?.product ?? p, copies: n });
      return next;
    });

  /** Gives the chosen products without a barcode their in-store codes; false when that failed. */
  const giveCodes = async (): Promise<boolean> => {
    if (withoutCode.length === 0) return true;
    setGiving(true);
    try {
      const { products } = await giveStoreCodes(withoutCode);
      const codes = new Map(products.map((p) => [p._id, p.barcode]));
      flushSync(() =>
        setChosen(
          (m) => new Map([...m].map(([id, c]) => [id, codes.has(id) ? { ...c, product: { ...c.product, barcode: codes.get(id)! } } : c])),
        ),
      );
      q.refresh();
      notifications.show({ color: 'green', message: t('codesGiven', { n: withoutCode.length }) });
      return true;
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('codesFailed')) });
      return false;
    } finally {
      setGiving(false);
    }
  };
  /** Before the print dialog: the codes, the shipped font and the barcode library. */
  const ready = async () => {
    if (!(await giveCodes())) return false;
    await readyToPrint();
    return true;
  };
  return (
    <DocumentPage<ProductDto[], LabelLayout>
      title={t('title')}
      controls={
        <>
          <Text size="sm" c="dimmed">
            {t('hint')}
          </Text>
          <TextInput
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            type="search"
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
          />
          {/* a search that failed says so, not the list of the one before (kept while the next loads) */}
          <QueryView
            query={q}
            data={q.error ? null : q.data}
            failed={t('loadFailed')}
            loader={<Skeleton h={160} radius="md" />}
            empty={<Alert color="gray">{t('noProducts')}</Alert>}
          >
            {(list) => (
              <Box mah={440} style={{ overflowY: 'auto' }} data-testid="label-picker">
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing={6} verticalSpacing={6}>
                  {list.slice(0, 100).map((p) => (
                    <PickRow key={p._id} p={p} copies={chosen.get(p._id)?.copies ?? null} onCopies={(n) => setCopies(p, n)} />
                  ))}
                </SimpleGrid>
              </Box>
            )}
          </QueryView>
        </>
      }
      doc={labels}
      paper="a4"
      papers={[
        { value: 'a4', label: t('layoutA4') },
        { value: 'roll', label: t('layoutRoll') },
      ]}
      printLabel={t('print')}
      printDisabled={labels.length === 0}
      beforePrint={ready}
      controlSize="md"
    >
      {(labels, layout) => (
        <>
          <Text size="sm" aria-live="polite" data-testid="label-count">
            {picks.length ? t('chosen', { n: picks.length, labels: labels.length }) : t('noneChosen')}
          </Text>
          {withoutCode.length > 0 && (
            <Alert color="blue" data-testid="codes-note">
              <Stack gap="xs">
                <Text size="sm">{t('codesNote')}</Text>
                <Button
                  size="md"
                  variant="light"
                  loading={giving}
                  onClick={() => void giveCodes()}
                  styles={{ root: { height: 'auto', minHeight: 44 }, label: { whiteSpace: 'normal' } }}
                >
                  {withoutCode.length === 1 ? t('giveCodesOne') : t('giveCodes', { n: withoutCode.length })}
                </Button>
              </Stack>
            </Alert>
          )}
          {labels.length > 0 && (
            <>
              <Title order={3} size="h4">
                {t('preview')}
              </Title>
              <LabelSheet labels={labels} layout={layout} />
            </>
          )}
        </>
      )}
    </DocumentPage>
  );
}
