import { Select } from '@mantine/core';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchVendors } from './day-close-api';

interface Props {
  value: string | null;
  onChange: (vendorId: string | null) => void;
  label: string;
  /** The placeholder once the shops have loaded, and while they load. */
  choose: string;
  loading: string;
}

/** An admin's choice of the shop whose day is shown: the shops load with the select. */
export function VendorSelect({ value, onChange, label, choose, loading }: Props) {
  const q = useCachedQuery('day-close:vendors', fetchVendors, { persist: false });
  return (
    <Select
      label={label}
      placeholder={q.data ? choose : loading}
      data={(q.data ?? []).map((v) => ({ value: v._id, label: v.vendorDetails?.shopName || v.name }))}
      value={value}
      onChange={onChange}
      searchable
      w={260}
    />
  );
}
