import { Alert, Button, Divider, Group, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { can } from '../../lib/can';
import { useSession } from '../../stores/session';
import type { ReviewDto } from '../../../core/schemas/product';
import { catalogApi } from './catalog-api';

const schema = () => import('../../../core/schemas/product').then((m) => m.reviewSchema);

/** The product's reviews and, for a signed-in customer, a form to add one, checked with the server's review schema. */
export function ProductReviews({ productId, reviews, onAdded }: { productId: string; reviews: ReviewDto[]; onAdded: () => void }) {
  const t = useT('catalog');
  const day = useDateFormat({ dateStyle: 'medium' });
  const user = useSession((s) => s.userInfo);
  const form = useSchemaForm({ schema, initial: { rating: 0, comment: '' } });
  const submit = form.submit(async (review) => {
    await catalogApi.review(productId, review);
    notifications.show({ message: t('reviewSubmitted'), color: 'green' });
    form.setValues({ rating: 0, comment: '' });
    onAdded();
  }, t('reviewFailed'));

  return (
    <Stack gap="sm">
      <Title order={3}>{t('reviews')}</Title>
      {reviews.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noReviews')}
        </Text>
      ) : (
        <Stack gap="xs">
          {reviews.map((r) => (
            <Paper key={r._id} withBorder p="sm" radius="md">
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {r.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {day.format(new Date(r.createdAt))}
                </Text>
              </Group>
              <Rating value={r.rating} readOnly size="sm" />
              {r.comment && (
                <Text size="sm" mt={4}>
                  {r.comment}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {can(user, 'shop') && (
        <>
          <Divider />
          <form onSubmit={submit} noValidate ref={form.formRef} style={{ maxWidth: 560 }}>
            <Stack gap="xs">
              <Text fw={600}>{t('writeReview')}</Text>
              <Group gap="xs">
                <Text size="sm">{t('rating')}</Text>
                <Rating
                  value={form.values.rating}
                  onChange={(v) => form.set('rating', v)}
                  getSymbolLabel={(v) => (v > 1 ? t('stars', { n: v }) : t('oneStar'))}
                />
              </Group>
              {form.errors.rating && (
                <Text size="sm" c="red.8" role="alert">
                  {t('chooseRating')}
                </Text>
              )}
              <Textarea
                label={t('comment')}
                value={form.values.comment}
                onChange={(e) => form.set('comment', e.currentTarget.value)}
                error={form.error('comment')}
                maxLength={1000}
                autosize
                minRows={2}
              />
              {form.banner && (
                <Alert color="red" role="alert">
                  {form.banner}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={form.saving}>
                  {t('submitReview')}
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
