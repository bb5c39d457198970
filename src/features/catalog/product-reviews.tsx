import { Alert, Button, Divider, Group, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { can } from '../../lib/can';
import { useSession } from '../../stores/session';
import type { ReviewDto } from '../../../core/schemas/product';
import { catalogApi } from './catalog-api';

/** The product's reviews and, for a signed-in customer, a form to add one. */
export function ProductReviews({ productId, reviews, onAdded }: { productId: string; reviews: ReviewDto[]; onAdded: () => void }) {
  const t = useT('catalog');
  const day = useDateFormat({ dateStyle: 'medium' });
  const user = useSession((s) => s.userInfo);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1 || rating > 5) {
      setError(t('chooseRating'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await catalogApi.review(productId, { rating, comment: comment.trim() });
      notifications.show({ message: t('reviewSubmitted'), color: 'green' });
      setRating(0);
      setComment('');
      onAdded();
    } catch (err) {
      setError(errorMessage(err, t('reviewFailed')));
    } finally {
      setBusy(false);
    }
  };

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
          <form onSubmit={submit} style={{ maxWidth: 560 }}>
            <Stack gap="xs">
              <Text fw={600}>{t('writeReview')}</Text>
              <Group gap="xs">
                <Text size="sm">{t('rating')}</Text>
                <Rating value={rating} onChange={setRating} getSymbolLabel={(v) => (v > 1 ? t('stars', { n: v }) : t('oneStar'))} />
              </Group>
              <Textarea
                label={t('comment')}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={1000}
                autosize
                minRows={2}
              />
              {error && <Alert color="red">{error}</Alert>}
              <Group>
                <Button type="submit" loading={busy}>
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
