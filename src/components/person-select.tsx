import { Select } from '@mantine/core';
import type { ByDto } from '../../core/schemas/common';
import type { StaffDto } from '../../core/schemas/staff';
import { useCachedQuery } from '../data/use-cached-query';
import { api } from '../lib/api';
import { useSession } from '../stores/session';

/** The choice that reads everyone's figures (no `staffId`). */
const EVERYONE = 'everyone';

/**
 * Whose figures a report shows: everyone's, or one person's of the shop (the owner first, then the
 * staff by the names the shop knows them by, read once for every report). `value` is the person's id,
 * null for everyone.
 */
export function PersonSelect(props: {
  label: string;
  everyone: string;
  /** The shop's owner as the report names them (useShopOwner). */
  owner: ByDto | null;
  value: string | null;
  onChange: (personId: string | null) => void;
}) {
  const staff = useCachedQuery('shop-staff', () => api.get<StaffDto[]>('shop/staff'), { persist: false });
  const people = shopPeople(props.owner, staff.data);
  return (
    <Select
      label={props.label}
      data={[{ value: EVERYONE, label: props.everyone }, ...people.map((p) => ({ value: p._id, label: p.name }))]}
      value={props.value ?? EVERYONE}
      onChange={(v) => props.onChange(!v || v === EVERYONE ? null : v)}
      allowDeselect={false}
      searchable
      w={240}
      data-testid="staff-filter"
    />
  );
}

/**
 * The shop's owner as a report names them (`loaded`: the report's vendor), else from the session while
 * the report loads: the shop's id, with the shop's name for a staff member until the owner's comes.
 */
export function useShopOwner(loaded: { _id: string; name: string } | undefined): ByDto | null {
  const me = useSession((s) => s.userInfo);
  if (loaded) return { _id: loaded._id, name: loaded.name };
  return me?.shopId ? { _id: me.shopId, name: me.shopName ?? me.name } : null;
}

/** The people of a shop to choose between: its owner (when known) and its staff, each once. */
function shopPeople(owner: ByDto | null | undefined, staff: readonly { _id: string; name: string }[] | undefined): ByDto[] {
  const people = owner ? [owner] : [];
  for (const s of staff ?? []) if (!people.some((p) => p._id === s._id)) people.push({ _id: s._id, name: s.name });
  return people;
}
