import { ActionIcon, AspectRatio, Badge, Box, Button, Card, Center, Flex, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { cartQuantityStep, MAX_QUANTITY } from '../../core/units';
import { useT } from '../lib/i18n';
import { useSavedImage } from '../offline/saved-image';
import { useUnitText } from '../lib/unit-text';
import { useCart } from '../stores/cart';
import { ProductPrice } from './price';
import classes from './product-card.module.css';

/** A hue (0-359) from a text, the same text always giving the same colour. */
function hueOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

/** Up to two letters that tell products apart: the first letters of the first two words ("Ponni Rice 5kg" -> "PR"). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** Shown where a product has no image: its initials on a colour of its own, so products look different. */
export function ImagePlaceholder({ name = '', kind = '' }: { name?: string; kind?: string }) {
  const t = useT('common');
  const hue = hueOf(`${kind}|${name}`);
  return (
    <Center
      h="100%"
      w="100%"
      role="img"
      aria-label={name ? t('noImageOf', { name }) : t('noImage')}
      style={{
        background: `linear-gradient(145deg, hsl(${hue} 70% 92%), hsl(${(hue + 40) % 360} 60% 84%))`,
        color: `hsl(${hue} 55% 24%)`,
        flexDirection: 'column',
      }}
    >
      <Text component="span" fw={800} fz={{ base: 26, sm: 40 }} lh={1} aria-hidden="true">
        {name ? initialsOf(name) : '?'}
      </Text>
    </Center>
  );
}

/** A product image in a square frame, or the placeholder (also offline, for a photo this device does not have). */
export function ProductImage({ src, alt, radius = 'sm', kind }: { src?: string | null; alt: string; radius?: string; kind?: string }) {
  const shown = useSavedImage(src);
  return (
    <AspectRatio ratio={1} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
      {shown === undefined ? (
        <div />
      ) : shown ? (
        <Image src={shown} alt={alt} radius={radius} fit="cover" loading="lazy" fallbackSrc={PLACEHOLDER_SVG} />
      ) : (
        <ImagePlaceholder name={alt} kind={kind} />
      )}
    </AspectRatio>
  );
}

const PLACEHOLDER_SVG =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#f1f3f5"/><path d="M70 80h60l-5 65H75z M85 80a15 15 0 0 1 30 0" fill="none" stroke="#868e96" stroke-width="6"/></svg>',
  );

export interface ProductCardData {
  _id: string;
  name: string;
  Tamil?: string;
  description?: string;
  price: number;
  shopPrice: number;
  discount?: number;
  /** Given away: the price shows "Free". */
  isFree?: boolean;
  /** GST rate in percent, carried into the cart. */
  gstRate?: number;
  image?: string;
  images?: string[];
  countInStock?: number;
  reOrderLevel?: number;
  unit?: string;
  subcategory?: string;
  vendorId?: string;
  vendorName?: string;
}

/** "{Tamil} - {name}", or the name alone when there is no Tamil name. */
export const displayName = (p: { name: string; Tamil?: string }) => (p.Tamil ? `${p.Tamil} - ${p.name}` : p.name);

/** Description preview of 60 characters. */
export const preview = (text: string | undefined, max = 60) => {
  const t = (text ?? '').trim();
  return t.length > max ? `${t.slice(0, max).trimEnd()}…` : t;
};

const round3 = (q: number) => Math.round(q * 1000) / 1000;

/**
 * Add and a quantity stepper: the first tap puts one in the cart (the customer stays on the list and the
 * header's cart badge counts it); then minus and plus change the quantity, minus at the lowest removes it.
 */
function CardCartControl({ product }: { product: ProductCardData }) {
  const t = useT('common');
  const { quantity: formatQuantity } = useUnitText();
  const inCart = useCart((s) => s.cartItems.find((x) => x._id === product._id));
  const addToCart = useCart((s) => s.addToCart);
  const removeFromCart = useCart((s) => s.removeFromCart);
  const unit = product.unit ?? 'pcs';
  // up to the stock, as the cart takes it (a list without stock figures: up to the largest quantity)
  const stock = product.countInStock ?? MAX_QUANTITY;
  const max = Math.min(MAX_QUANTITY, stock);
  // whole pieces, or quarter kilos / litres for loose goods
  const step = cartQuantityStep(unit);
  const name = product.name;

  // sold out: the card's Out of Stock mark says it; nothing to add
  if ((stock <= 0 && !inCart) || !product.vendorId) return null;

  const set = (qty: number) => {
    if (qty <= 0) {
      removeFromCart(product._id);
      return;
    }
    addToCart({
      _id: product._id,
      name: product.name,
      Tamil: product.Tamil,
      image: product.image || product.images?.[0],
      price: product.shopPrice,
      mrp: product.price,
      discount: product.discount || 0,
      qty: round3(Math.min(qty, max)),
      countInStock: stock,
      vendorId: product.vendorId!,
      vendorName: product.vendorName,
      unit,
      gstRate: product.gstRate,
      isFree: product.isFree,
    });
  };

  if (!inCart)
    return (
      <Button
        mih={44}
        px="lg"
        className={classes.add}
        onClick={() => set(Math.min(1, max))}
        aria-label={t('addNamed', { name })}
        data-testid="card-add"
      >
        {t('addShort')}
      </Button>
    );
  return (
    <Group gap={4} wrap="nowrap" justify="space-between" data-testid="card-stepper">
      <ActionIcon
        size={44}
        variant="light"
        onClick={() => set(round3(inCart.qty - step))}
        aria-label={inCart.qty - step <= 0 ? t('removeNamed', { name }) : t('lessOf', { name })}
      >
        <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>
          −
        </span>
      </ActionIcon>
      <Text fw={700} size="sm" aria-live="polite" data-testid="card-qty" style={{ whiteSpace: 'nowrap' }}>
        {t('inCartQty', { qty: formatQuantity(inCart.qty, unit) })}
      </Text>
      <ActionIcon
        size={44}
        variant="filled"
        onClick={() => set(round3(inCart.qty + step))}
        disabled={inCart.qty + step > max + 1e-9}
        aria-label={t('moreOf', { name })}
      >
        <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
}

/**
 * A product in a list: image, names, price, stock marks and the add control. On a phone a compact row
 * (a small image at the side, the price beside the add control) so that four or more fit on the first
 * screen; from `sm` up a card in a grid. The whole card opens the product (its name's link covers it,
 * and is itself two lines high: a thumb-sized target); the add control sits above that link.
 */
export function ProductCard({ product }: { product: ProductCardData }) {
  const t = useT('common');
  const { quantity: formatQuantity } = useUnitText();
  const img = product.image || product.images?.[0];
  const stock = product.countInStock;
  const outOfStock = stock !== undefined && stock <= 0;
  const low = !outOfStock && stock !== undefined && product.reOrderLevel !== undefined && stock <= product.reOrderLevel;
  const unit = product.unit ?? 'pcs';
  return (
    <Card
      withBorder
      padding={8}
      radius="md"
      data-testid="product-card"
      data-out-of-stock={outOfStock || undefined}
      style={{ height: '100%', position: 'relative' }}
    >
      <Flex direction={{ base: 'row', sm: 'column' }} gap="sm" h="100%">
        <Box w={{ base: 72, sm: '100%' }} style={{ flexShrink: 0, position: 'relative', opacity: outOfStock ? 0.55 : 1 }}>
          <ProductImage src={img} alt={product.name} kind={product.subcategory} radius="sm" />
        </Box>
        <div className={classes.body}>
          <Text
            component={Link}
            to={`/product/${product._id}`}
            fw={600}
            size="sm"
            lineClamp={2}
            c="inherit"
            className={classes.link}
            style={{ textDecoration: 'none' }}
          >
            {displayName(product)}
          </Text>
          <div className={classes.buy}>
            <Stack gap={2} className={classes.info}>
              <ProductPrice product={product} size="md" phoneSize="sm" />
              {outOfStock ? (
                <Badge color="red" variant="filled" size="sm" tt="none" w="fit-content" data-testid="out-of-stock">
                  {t('outOfStock')}
                </Badge>
              ) : low ? (
                <Text size="xs" c="orange.9" fw={600}>
                  {t('onlyLeft', { n: formatQuantity(stock!, unit) })}
                </Text>
              ) : null}
              {product.description ? (
                <Text size="xs" c="dimmed" lineClamp={2} visibleFrom="sm">
                  {preview(product.description)}
                </Text>
              ) : null}
            </Stack>
            <div className={classes.control}>
              <CardCartControl product={product} />
            </div>
          </div>
        </div>
      </Flex>
    </Card>
  );
}
