import { type ComponentType, Suspense } from 'react';
import type { OutboxItem } from './db';

/**
 * How a feature shows its kind of outbox item. The outbox lists every item by its label; a feature
 * registers richer views for its kind when the app starts (lazy components keep them out of the
 * entry chunk). The offline layer never imports a feature: features fill this in.
 */
export interface OutboxView {
  /** The item among the records it will become (a queued sale among Pending Orders). */
  Card?: ComponentType<{ item: OutboxItem }>;
  /** More about the item, under its label in the outbox drawer. */
  Details?: ComponentType<{ item: OutboxItem }>;
  /** Edit and resend, for an item the server refused. */
  Editor?: ComponentType<{ item: OutboxItem; onDone: () => void }>;
}

const views = new Map<string, OutboxView>();

export function registerOutboxView(kind: string, view: OutboxView) {
  views.set(kind, view);
}

export const outboxView = (kind: string): OutboxView => views.get(kind) ?? {};

/** The item's card, if its kind has one. */
export function OutboxCard({ item }: { item: OutboxItem }) {
  const Card = outboxView(item.kind).Card;
  return Card ? (
    <Suspense fallback={null}>
      <Card item={item} />
    </Suspense>
  ) : null;
}
