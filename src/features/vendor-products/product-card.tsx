import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { percentOff } from '../../../core/cart';
import { formatRupees } from '../../../core/money';
import { PLACEHOLDER_IMAGE } from '../../components/image-uploader';
import type { VendorProduct } from './products-api';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

/** One product of "Your Products" (SPEC §2). */
export function ProductCard({ product: p, onDelete, deleting }: { product: VendorProduct; onDelete: () => void; deleting: boolean }) {
  const image = p.images?.[0] ?? p.image ?? '';
  const off = p.discountPercent ?? percentOff(p.shopPrice, p.discount);
  const lowStock = p.countInStock <= p.reOrderLevel;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="product-card">
      <Card.Section pos="relative">
        <Image src={image || PLACEHOLDER_IMAGE} fallbackSrc={PLACEHOLDER_IMAGE} alt={p.name} h={160} fit="cover" />
        <Group pos="absolute" top={8} left={8} gap={4}>
          {off > 0 && (
            <Badge color="red" variant="filled">
              {off}% Off
            </Badge>
          )}
          {!p.isActive && (
            <Badge color="gray" variant="filled">
              Inactive
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
        <Group gap="xs" align="baseline">
          <Text fw={800} size="lg" c="teal.8">
            {formatRupees(p.shopPrice)}
          </Text>
          {p.price > p.shopPrice && (
            <Text size="sm" c="dimmed" td="line-through">
              {formatRupees(p.price)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            MRP {formatRupees(p.price)}
          </Text>
        </Group>
        <Row label="Category">{p.category || '-'}</Row>
        <Row label="Subcategory">{p.subcategory || '-'}</Row>
        <Row label="Stock">
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <span>{p.countInStock}</span>
            {lowStock && (
              <Text span c="red" fw={700} size="sm">
                Low Stock
              </Text>
            )}
          </Group>
        </Row>
        <Row label="Reorder level">{p.reOrderLevel}</Row>
        <Row label="Rating">
          ★ {(p.rating ?? 0).toFixed(1)} ({p.numReviews ?? 0} {p.numReviews === 1 ? 'review' : 'reviews'})
        </Row>
        <Row label="GST">{p.gstName || 'N/A'}</Row>
      </Stack>
      <Group grow mt="md" gap="xs">
        <Button component={Link} to={`/edit-product/${p._id}`} variant="light">
          Edit
        </Button>
        <Button color="red" variant="outline" onClick={onDelete} loading={deleting}>
          Delete
        </Button>
      </Group>
    </Card>
  );
}
