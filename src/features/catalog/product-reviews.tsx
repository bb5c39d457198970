import { Alert, Button, Divider, Group, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../stores/session';
import type { ReviewDto } from '../../../core/schemas/product';
import { catalogApi } from './catalog-api';

const REVIEW_FAILED = 'Failed to submit review';

/** The product's reviews and, for a signed-in customer, a form to add one. */
export function ProductReviews({ productId, reviews, onAdded }: { productId: string; reviews: ReviewDto[]; onAdded: () => void }) {
  const user = useSession((s) => s.userInfo);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1 || rating > 5) {
      setError('Please choose a rating from 1 to 5');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await catalogApi.review(productId, { rating, comment: comment.trim() });
      notifications.show({ message: 'Review submitted', color: 'green' });
      setRating(0);
      setComment('');
      onAdded();
    } catch (err) {
      setError(errorMessage(err, REVIEW_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3}>Reviews</Title>
      {reviews.length === 0 ? (
        <Text c="dimmed" size="sm">
          No reviews yet.
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
                  {new Date(r.createdAt).toLocaleDateString('en-IN')}
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
      {user?.role === 'user' && (
        <>
          <Divider />
          <form onSubmit={submit} style={{ maxWidth: 560 }}>
            <Stack gap="xs">
              <Text fw={600}>Write a review</Text>
              <Group gap="xs">
                <Text size="sm">Rating</Text>
                <Rating value={rating} onChange={setRating} getSymbolLabel={(v) => `${v} star${v > 1 ? 's' : ''}`} />
              </Group>
              <Textarea
                label="Comment"
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={1000}
                autosize
                minRows={2}
              />
              {error && <Alert color="red">{error}</Alert>}
              <Group>
                <Button type="submit" loading={busy}>
                  Submit Review
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
