import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import type { StaffDto } from '../../../core/schemas/staff';
import type { UserDto } from '../../../core/schemas/user';
import { confirm } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { ResponsiveTable } from '../../components/responsive-table';
import { useCachedQuery } from '../../data/use-cached-query';
import { api, errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useCan } from '../../stores/use-can';
import { ROLE_TEXT } from './role-choice';
import { fetchStaff, removeStaff } from './staff-api';

// the dialogs load when opened
const AddStaffDialog = lazy(() => import('./add-staff-dialog'));
const RoleDialog = lazy(() => import('./role-dialog'));

const ROLE_COLOR = { manager: 'grape', cashier: 'blue', stock: 'orange' } as const;
const fetchVendors = () => api.get<UserDto[]>('users/vendors');

/** /staff: the shop's staff, each with their role and whether they set a PIN; add, change a role, remove. An admin picks the shop. */
export default function StaffPage() {
  const t = useT('staff');
  const admin = useCan('administer');
  const [shopId, setShopId] = useState<string | null>(null);
  const vendors = useCachedQuery(admin ? 'staff:vendors' : null, fetchVendors, { persist: false });
  const ready = !admin || shopId !== null;
  const staff = useCachedQuery(ready ? `staff:${shopId ?? 'own'}` : null, () => fetchStaff(shopId ?? undefined), { persist: false });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffDto | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const sorted = (list: StaffDto[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  const put = (s: StaffDto) => staff.mutate((list) => sorted([...(list ?? []).filter((x) => x._id !== s._id), s]));

  const remove = async (s: StaffDto) => {
    if (!(await confirm(t('removeConfirm', { name: s.name }), { title: t('removeTitle'), confirmLabel: t('remove') }))) return;
    setRemoving(s._id);
    try {
      const res = await removeStaff(s._id);
      staff.mutate((list) => list?.filter((x) => x._id !== s._id));
      notifications.show({ color: 'green', message: res.message });
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('failed')) });
    } finally {
      setRemoving(null);
    }
  };

  const roleBadge = (s: StaffDto) => (
    <Badge color={ROLE_COLOR[s.role]} variant="light" data-testid="staff-role">
      {t(ROLE_TEXT[s.role][0])}
    </Badge>
  );
  const pinBadge = (s: StaffDto) => (
    <Badge color={s.pinSet ? 'teal' : 'gray'} variant={s.pinSet ? 'light' : 'outline'}>
      {s.pinSet ? t('pinSet') : t('pinNotSet')}
    </Badge>
  );

  return (
    <Stack gap="md" maw={960} mx="auto">
      <PageHeader title={t('title')} hint={t('intro')} mb={0}>
        <Button onClick={() => setAdding(true)} disabled={!ready} mih={44} data-testid="add-staff">
          {t('addStaff')}
        </Button>
      </PageHeader>

      {admin && (
        <Select
          label={t('shop')}
          placeholder={t('chooseShop')}
          data={(vendors.data ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
          value={shopId}
          onChange={setShopId}
          searchable
          maw={420}
        />
      )}

      {ready && (
        <QueryView query={staff} data={staff.data ? sorted(staff.data) : staff.data} failed={t('loadFailed')} empty={t('empty')}>
          {(list) => (
            <ResponsiveTable
              label={t('title')}
              rows={list}
              rowKey={(s) => s._id}
              renderCard={(s) => (
                <>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="staff-name">
                      {s.name}
                    </Text>
                    {roleBadge(s)}
                  </Group>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" c="dimmed">
                      {s.phone}
                    </Text>
                    {pinBadge(s)}
                  </Group>
                </>
              )}
              columns={[
                { key: 'name', header: t('name'), cardTitle: true, render: (s) => <span data-testid="staff-name">{s.name}</span> },
                { key: 'phone', header: t('phone'), nowrap: true, render: (s) => s.phone },
                { key: 'role', header: t('role'), nowrap: true, render: roleBadge },
                { key: 'pin', header: t('pin'), nowrap: true, render: pinBadge },
              ]}
              actions={(s) => (
                <>
                  <Button size="xs" mih={44} variant="light" onClick={() => setEditing(s)} aria-label={t('changeRoleOf', { name: s.name })}>
                    {t('changeRole')}
                  </Button>
                  <Button
                    size="xs"
                    mih={36}
                    variant="light"
                    color="red"
                    loading={removing === s._id}
                    onClick={() => void remove(s)}
                    aria-label={t('removeNamed', { name: s.name })}
                  >
                    {t('remove')}
                  </Button>
                </>
              )}
            />
          )}
        </QueryView>
      )}

      <Suspense fallback={null}>
        {adding && (
          <AddStaffDialog
            shopId={shopId ?? undefined}
            onClose={() => setAdding(false)}
            onAdded={(s) => {
              put(s);
              setAdding(false);
            }}
          />
        )}
        {editing && (
          <RoleDialog
            staff={editing}
            onClose={() => setEditing(null)}
            onSaved={(s) => {
              put(s);
              setEditing(null);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}
