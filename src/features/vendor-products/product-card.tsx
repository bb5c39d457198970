import { usePackText } from '../../lib/use-pack-text';
import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import classes from './product-card.module.css';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../core/money';
import { PLACEHOLDER_IMAGE } from '../../components/image-uploader';
import type { ProductDto } from '../../../core/schemas/product';
import { useT } from '../../lib/i18n';
import type { CategoryNames } from '../../data/category-names';
import { useCan } from '../../stores/use-can';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text size="sm" component="div" lh={1.35}>
        {children}
      </Text>
    </div>
  );
}

/** One product of "Your Products". */
export function ProductCard({
  product: p,
  names,
  onDelete,
  deleting,
}: {
  product: ProductDto;
  /** Category names in the interface language (the list reads them once for every card). */
  names: CategoryNames;
  onDelete: () => void;
  deleting: boolean;
}) {
  const image = p.images?.[0] ?? p.image ?? '';
  // the server's discountBadge (core/cart.ts), the same figure customers see
  const off = p.discountPercent;
  const lowStock = p.countInStock <= p.reOrderLevel;
  // stock as packs and the rest: "3 bags 12.5 kg"
  const packText = usePackText();
  const t = useT('vendor-products');
  // a cashier sells from the list: the goods themselves are kept by the owner, a manager and stock
  const keepStock = useCan('keepStock');
  return (
    <Card withBorder radius="md" padding="sm" data-testid="product-card">
      <Card.Section pos="relative">
        <Image
          src={image || PLACEHOLDER_IMAGE}
          fallbackSrc={PLACEHOLDER_IMAGE}
          alt={p.name}
          h={{ base: 130, sm: 160 }}
          // the whole photo, never a crop that cuts the product off
          fit="contain"
          bg="white"
        />
        <Group pos="absolute" top={8} left={8} gap={4}>
          {off > 0 && (
            <Badge color="red" variant="filled" tt="none">
              {t('percentOff', { n: off })}
            </Badge>
          )}
          {!p.isActive && (
            <Badge color="gray" variant="filled" tt="none">
              {t('inactive')}
            </Badge>
          )}
        </Group>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <div>
          <Text fw={700} lineClamp={2}>
            {p.name}
          </Text>
          {p.Tamil && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {p.Tamil}
            </Text>
          )}
        </div>
        <Group gap={8} align="baseline">
          <Text fw={800} size="lg" c="teal.8">
            {p.isFree ? t('freeLabel') : formatRupees(p.shopPrice)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('mrp')}{' '}
            <Text span inherit td={p.price > p.shopPrice ? 'line-through' : undefined}>
              {formatRupees(p.price)}
            </Text>
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Field label={t('category')}>{p.category ? names.category(p.category) : '-'}</Field>
          <Field label={t('subcategory')}>{p.subcategory ? names.subcategory(p.subcategory) : '-'}</Field>
          <Field label={t('stock')}>
            <span data-testid="product-stock">{packText(p.countInStock, p.unit, p.packs)}</span>
            {lowStock && keepStock && (
              <Text
                component={Link}
                to="/reorder"
                c="red"
                fw={700}
                size="sm"
                ml={6}
                td="underline"
                style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
              >
                {t('lowStock')}
              </Text>
            )}
          </Field>
          <Field label={t('reorderLevel')}>{p.reOrderLevel}</Field>
          <Field label={t('rating')}>
            ★ {(p.rating ?? 0).toFixed(1)} ({p.numReviews === 1 ? t('oneReview') : t('reviewCount', { n: p.numReviews ?? 0 })})
          </Field>
          <Field label={t('gst')}>{p.gstName || t('notApplicable')}</Field>
        </SimpleGrid>
      </Stack>
      {/* the buttons share the row and wrap rather than cut their words on a narrow card */}
      {keepStock && (
        <Group mt="md" gap="xs" className={classes.actions}>
          <Button component={Link} to={`/edit-product/${p._id}`} variant="light">
            {t('edit')}
          </Button>
          <Button component={Link} to={`/stock/${p._id}`} variant="default" aria-label={t('stockOfNamed', { name: p.name })}>
            {t('stockButton')}
          </Button>
          <Button color="red" variant="outline" onClick={onDelete} loading={deleting}>
            {t('delete')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
