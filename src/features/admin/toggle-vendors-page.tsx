import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import type { UserDto } from '../../../core/schemas/user';
import { fetchVendors, setVendorActive } from './admin-api';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';

/** How long the Undo of a switch-off stays on screen. */
const UNDO_MS = 10_000;

export default function ToggleVendorsPage() {
  const q = useCachedQuery('admin:vendors', fetchVendors, { persist: false });
  const t = useT('admin');
  const msg = useMsg();
  const [pending, setPending] = useState<Set<string>>(new Set());
  // switching a vendor off hides its whole shop: asked first, and undoable for a while after
  const [asking, setAsking] = useState<UserDto | null>(null);

  const setActive = (id: string, isActive: boolean) =>
    q.mutate((list) => list?.map((v) => (v._id === id && v.vendorDetails ? { ...v, vendorDetails: { ...v.vendorDetails, isActive } } : v)));

  const shopName = (v: UserDto) => v.vendorDetails?.shopName || v.name;

  const toggle = async (vendor: UserDto, isActive: boolean) => {
    setActive(vendor._id, isActive); // show the new state at once; put it back if the server says no
    setPending((s) => new Set(s).add(vendor._id));
    try {
      await setVendorActive(vendor._id, isActive);
      if (isActive) notifications.show({ message: msg.vendorStatusUpdated, color: 'green' });
      else {
        const id = `vendor-off-${vendor._id}`;
        notifications.show({
          id,
          color: 'green',
          autoClose: UNDO_MS,
          title: t('switchedOff', { name: shopName(vendor) }),
          message: (
            <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="vendor-off-notice">
              <Text size="sm">{msg.vendorStatusUpdated}</Text>
              <Button
                size="sm"
                mih={44}
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => {
                  notifications.hide(id);
                  void toggle(vendor, true);
                }}
              >
                {t('undo')}
              </Button>
            </Group>
          ),
        });
      }
    } catch {
      setActive(vendor._id, !isActive);
      notifications.show({ message: msg.vendorStatusFailed, color: 'red' });
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(vendor._id);
        return next;
      });
    }
  };

  return (
    <>
      <PageHeader title={t('toggleVendorStatus')} />
      <QueryView query={q} failed={msg.vendorsLoadFailed} empty={t('noVendors')}>
        {(vendors) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {vendors.map((v) => {
              const active = v.vendorDetails?.isActive ?? true;
              return (
                <Card key={v._id} withBorder radius="lg" padding="md" data-testid="vendor-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {v.vendorDetails?.shopName || v.name}
                      </Text>
                      {v.vendorDetails?.shopName && v.vendorDetails.shopName !== v.name && (
                        <Text size="sm" c="dimmed">
                          {v.name}
                        </Text>
                      )}
                      <Text size="sm" c="dimmed">
                        {v.phone}
                      </Text>
                    </Stack>
                    <Badge color={active ? 'green' : 'gray'} variant="light">
                      {active ? t('active') : t('inactive')}
                    </Badge>
                  </Group>
                  <Switch
                    mt="md"
                    size="md"
                    checked={active}
                    disabled={pending.has(v._id)}
                    onChange={(e) => (e.currentTarget.checked ? void toggle(v, true) : setAsking(v))}
                    label={active ? t('active') : t('inactive')}
                    aria-label={t('vendorActive', { name: v.vendorDetails?.shopName || v.name })}
                  />
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryView>
      <Modal
        opened={!!asking}
        onClose={() => setAsking(null)}
        centered
        title={asking ? t('switchOffTitle', { name: shopName(asking) }) : ''}
      >
        {asking && (
          <Stack gap="md">
            <Text size="sm">
              {asking.activeProducts === 1
                ? t('switchOffTextOne', { name: shopName(asking) })
                : t('switchOffText', { name: shopName(asking), n: asking.activeProducts ?? 0 })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('cancel')}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  const v = asking;
                  setAsking(null);
                  void toggle(v, false);
                }}
              >
                {t('switchOff')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
