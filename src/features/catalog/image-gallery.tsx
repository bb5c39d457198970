import { Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ProductImage } from '../../components/product-card';
import { useT } from '../../lib/i18n';

/** The main image with thumbnails to switch between several; the placeholder when there is none. */
export function ImageGallery({ images, alt, kind }: { images: string[]; alt: string; kind?: string }) {
  const t = useT('catalog');
  const [current, setCurrent] = useState(0);
  const src = images[current] ?? images[0];
  return (
    <Stack gap="xs" maw={420} w="100%" mx="auto">
      <ProductImage src={src} alt={alt} radius="md" kind={kind} />
      {images.length > 1 && (
        <Group gap="xs" wrap="wrap">
          {images.map((img, i) => (
            <UnstyledButton
              key={`${img}-${i}`}
              onClick={() => setCurrent(i)}
              aria-label={t('imageNofM', { n: i + 1, total: images.length })}
              aria-pressed={i === current}
              style={{
                border: `2px solid ${i === current ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-3)'}`,
                borderRadius: 8,
                overflow: 'hidden',
              }}
            >
              <Image src={img} alt="" w={56} h={56} fit="cover" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
