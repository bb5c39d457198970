import { AspectRatio, Card, Center, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Price } from './price';

/** Shown where a product has no image. */
export function ImagePlaceholder({ label = 'No image' }: { label?: string }) {
  return (
    <Center bg="gray.1" h="100%" w="100%" c="gray.6" style={{ flexDirection: 'column', gap: 4 }} aria-label={label} role="img">
      <svg
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M6 7h12l-1 13H7L6 7z" />
        <path d="M9 7a3 3 0 0 1 6 0" />
      </svg>
      <Text size="xs">{label}</Text>
    </Center>
  );
}

/** A product image in a square frame, or the placeholder. */
export function ProductImage({ src, alt, radius = 'sm' }: { src?: string | null; alt: string; radius?: string }) {
  return (
    <AspectRatio ratio={1}>
      {src ? <Image src={src} alt={alt} radius={radius} fit="cover" fallbackSrc={PLACEHOLDER_SVG} /> : <ImagePlaceholder />}
    </AspectRatio>
  );
}

const PLACEHOLDER_SVG =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#f1f3f5"/><text x="100" y="110" font-size="16" text-anchor="middle" fill="#868e96" font-family="sans-serif">No image</text></svg>',
  );

export interface ProductCardData {
  _id: string;
  name: string;
  Tamil?: string;
  description?: string;
  price: number;
  shopPrice: number;
  discount?: number;
  discountPercent?: number;
  image?: string;
  images?: string[];
  countInStock?: number;
  unit?: string;
}

/** "{Tamil} - {name}", or the name alone when there is no Tamil name. */
export const displayName = (p: { name: string; Tamil?: string }) => (p.Tamil ? `${p.Tamil} - ${p.name}` : p.name);

/** Description preview of 60 characters. */
export const preview = (text: string | undefined, max = 60) => {
  const t = (text ?? '').trim();
  return t.length > max ? `${t.slice(0, max).trimEnd()}…` : t;
};

/** A product in a grid: image, names, price and a short description; the whole card opens the product. */
export function ProductCard({ product }: { product: ProductCardData }) {
  const img = product.image || product.images?.[0];
  const outOfStock = product.countInStock !== undefined && product.countInStock <= 0;
  return (
    <Card
      component={Link}
      to={`/product/${product._id}`}
      withBorder
      padding="sm"
      radius="md"
      data-testid="product-card"
      style={{ height: '100%' }}
    >
      <Card.Section>
        <ProductImage src={img} alt={product.name} radius="0" />
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Text fw={600} size="sm" lineClamp={3}>
          {displayName(product)}
        </Text>
        <Price
          mrp={product.price}
          shopPrice={product.shopPrice}
          discount={product.discount}
          discountPercent={product.discountPercent}
          unit={product.unit}
          size="md"
        />
        {product.description ? (
          <Text size="xs" c="dimmed">
            {preview(product.description)}
          </Text>
        ) : null}
        {outOfStock && (
          <Text size="xs" c="red" fw={600}>
            Out of Stock
          </Text>
        )}
      </Stack>
    </Card>
  );
}
