import { Button, CloseButton, Group, Kbd, Paper, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { liveQuery } from 'dexie';
import { useEffect, useRef, useState } from 'react';
import { formatRupees } from '../../../core/money';
import { shopOrderTotal } from '../../../core/shop-order';
import { confirm } from '../../components/confirm';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import {
  discardParked,
  hasItems,
  listParked,
  parkBill,
  type ParkedBill,
  type ParkedContent,
  parkedPlace,
  PARKED_MAX,
  resumeParked,
} from './parked-bills';

/** The shortcut that parks the bill, as a keyboard shows it and as aria-keyshortcuts names it. */
const PARK_KEYS = 'F8';
const isParkKey = (e: KeyboardEvent) => e.key === 'F8' || (e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyP');

/** The bills parked at `place`, kept live (another tab of the till parking or taking one back shows here too). */
function useParked(place: string): ParkedBill[] {
  const [bills, setBills] = useState<ParkedBill[]>([]);
  useEffect(() => {
    const sub = liveQuery(() => listParked(place)).subscribe({ next: setBills, error: () => setBills([]) });
    return () => sub.unsubscribe();
  }, [place]);
  return bills;
}

interface Props {
  /** The signed-in shop (the owner's id, for its staff too). */
  shopId: string;
  /** The counter's form as it stands now. */
  current: () => ParkedContent;
  /** Puts a bill on the counter: one taken back, or null for a new, empty one. */
  onLoad: (bill: ParkedContent | null) => void;
  /** A keyboard is at hand: the shortcut is shown. */
  keyboard: boolean;
}

/**
 * "Park bill" (F8 or Alt+P) and "Parked (n)": the cashier sets the bill aside and serves the next customer, then
 * takes it back from the list (time, items, total, customer) or discards it. A till holds PARKED_MAX at most.
 */
export default function ParkedBillsMenu({ shopId, current, onLoad, keyboard }: Props) {
  const t = useT('shop-order');
  const place = parkedPlace(shopId);
  const bills = useParked(place);
  const time = useDateFormat({ timeStyle: 'short' });
  const [open, setOpen] = useState(false);
  const at = (b: ParkedBill) => time.format(new Date(b.parkedAt));
  const items = (b: ParkedContent) => {
    const n = b.lines.filter((l) => l.productId).length;
    return n === 1 ? t('parkedItem') : t('parkedItems', { n });
  };

  const park = async () => {
    const bill = current();
    if (!hasItems(bill)) {
      notifications.show({ color: 'yellow', message: t('parkNothing') });
      return;
    }
    const done = await parkBill(place, bill);
    if ('full' in done) {
      notifications.show({ color: 'red', message: t('parkFull', { max: PARKED_MAX }), 'data-testid': 'park-full' });
      return;
    }
    onLoad(null);
    // brief: on a phone the notice sits over the Parked button
    notifications.show({ color: 'teal', autoClose: 2_500, message: t('parkedDone', { total: formatRupees(shopOrderTotal(bill.lines)) }) });
  };

  // the shortcut works anywhere on the counter, in a field too (the latest form is parked)
  const parkRef = useRef(park);
  parkRef.current = park;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isParkKey(e) || e.repeat) return;
      e.preventDefault();
      void parkRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const resume = async (b: ParkedBill) => {
    setOpen(false);
    // the bill on the counter, if it has items, is parked in its place: nothing is lost
    const mine = current();
    const back = await resumeParked(place, b.id, mine);
    if (!back) {
      notifications.show({ color: 'yellow', message: t('parkedGone') });
      return;
    }
    onLoad(back);
    notifications.show({ color: 'teal', message: t(hasItems(mine) ? 'resumedSwapped' : 'resumed', { time: at(b) }) });
  };

  const discard = async (b: ParkedBill) => {
    setOpen(false);
    const total = formatRupees(shopOrderTotal(b.lines));
    const yes = await confirm(t('discardConfirm', { time: at(b), items: items(b), total }), {
      title: t('discardTitle'),
      confirmLabel: t('discard'),
    });
    if (yes) await discardParked(place, b.id);
  };

  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => void park()}
        aria-keyshortcuts={`${PARK_KEYS} Alt+P`}
        rightSection={
          keyboard ? (
            <Kbd size="xs" c="dark.7">
              {PARK_KEYS}
            </Kbd>
          ) : undefined
        }
        data-testid="park-bill"
      >
        {t('parkBill')}
      </Button>
      {/* shown once a bill is parked: an empty till's heading stays short */}
      {bills.length > 0 && (
        <Popover opened={open} onChange={setOpen} position="bottom-end" width={400} shadow="md" withinPortal>
          <Popover.Target>
            <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="parked-menu">
              {t('parkedN', { n: bills.length })}
            </Button>
          </Popover.Target>
          <Popover.Dropdown p="xs" maw="calc(100vw - 16px)">
            <Text fw={700} size="sm" mb={6}>
              {t('parkedTitle')}
            </Text>
            <Stack gap={6}>
              {bills.map((b) => (
                <Paper key={b.id} withBorder radius="sm" p={6} data-testid="parked-bill">
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={700}>
                        {at(b)} · {formatRupees(shopOrderTotal(b.lines))}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {items(b)} · {b.customer?.name ?? t('walkIn')}
                      </Text>
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" onClick={() => void resume(b)} aria-label={t('resumeBill', { time: at(b) })}>
                        {t('resume')}
                      </Button>
                      <CloseButton aria-label={t('discardBill', { time: at(b) })} onClick={() => void discard(b)} />
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </>
  );
}
