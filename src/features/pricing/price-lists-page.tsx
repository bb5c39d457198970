import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PriceListDto } from '../../../core/schemas/pricing';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { fetchPriceLists, PRICE_LISTS } from '../../data/pricing';
import { invalidate, useCachedQuery } from '../../data/use-cached-query';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { PriceListEditor } from './price-list-editor';
import { deletePriceList, fetchPricingProducts } from './pricing-api';
import { productOptions } from './product-options';

/** /price-lists: the shop's price lists; a new one or one opened in the editor. */
export default function PriceListsPage() {
  const t = useT('pricing');
  const q = useCachedQuery(PRICE_LISTS, fetchPriceLists);
  const products = useCachedQuery('pricing-products', fetchPricingProducts);
  const [editing, setEditing] = useState<PriceListDto | 'new' | null>(null);
  const options = productOptions(products.data);
  const names = new Map(options.products.map((o) => [o.value, o.label]));
  const done = () => {
    setEditing(null);
    invalidate(PRICE_LISTS);
  };
  const remove = async (l: PriceListDto) => {
    if (!window.confirm(t('deleteConfirm', { name: l.name }))) return;
    try {
      await deletePriceList(l._id);
      notifications.show({ color: 'green', message: t('deleted') });
      done();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, t('saveFailed')) });
    }
  };

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <PageHeader title={t('priceLists')} hint={t('priceListsHint')} mb={0}>
        <Button onClick={() => setEditing('new')} mih={44} data-testid="new-price-list">
          {t('newPriceList')}
        </Button>
      </PageHeader>
      {editing && <PriceListEditor list={editing === 'new' ? null : editing} options={options} onDone={done} />}
      <QueryView query={q} failed={t('loadFailed')} loader={<Skeleton h={120} />}>
        {(lists) =>
          lists.length === 0 ? (
            <Text c="dimmed">{t('noPriceLists')}</Text>
          ) : (
            <Stack gap="xs">
              {lists.map((l) => (
                <Paper key={l._id} withBorder radius="md" p="sm" data-testid="price-list">
                  <Group justify="space-between" wrap="wrap">
                    <div>
                      <Text fw={700}>{l.name}</Text>
                      <Text size="sm" c="dimmed">
                        {t('rulesCount', { n: l.rules.length })}
                        {l.rules.length > 0 &&
                          ` · ${l.rules
                            .map(
                              (r) => names.get(r.productId ?? '') ?? options.categories.find((c) => c.value === r.categoryId)?.label ?? '',
                            )
                            .filter(Boolean)
                            .slice(0, 3)
                            .join(', ')}`}
                      </Text>
                    </div>
                    <Group gap="xs">
                      <Button variant="light" onClick={() => setEditing(l)}>
                        {t('edit')}
                      </Button>
                      <Button variant="subtle" color="red" onClick={() => void remove(l)}>
                        {t('delete')}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
