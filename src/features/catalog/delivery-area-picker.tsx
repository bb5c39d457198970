import { Group, NativeSelect, Text } from '@mantine/core';
import type { Address } from '../../../core/schemas/user';
import { AppIcon } from '../../components/app-icons';
import { useT } from '../../lib/i18n';
import { can } from '../../lib/can';
import { useCart } from '../../stores/cart';
import { useSession } from '../../stores/session';
import { useCustomerArea } from './delivery-area';

type Saved = Pick<Address, 'address' | 'city' | 'pincode'> & Partial<Address>;
const same = (a: Saved) => (b: Saved) => a.address === b.address && a.area === b.area && a.pincode === b.pincode;
const asAddress = (a: Saved): Address => ({ ...a, phoneNumber: a.phoneNumber ?? '', area: a.area ?? '' });

/**
 * Where a customer's lists and search deliver to. With several addresses (or one typed at checkout),
 * choosing another one makes it the delivery address, so the lists show that area's shops and checkout
 * starts from it. A native select: light, and the phone's own picker.
 */
export function DeliveryAreaPicker() {
  const t = useT('catalog');
  const saved = useSession((s) => (can(s.userInfo, 'shop') ? s.userInfo?.addresses : undefined));
  const chosen = useCart((s) => s.shippingAddress);
  const choose = useCart((s) => s.saveShippingAddress);
  const area = useCustomerArea();
  if (!saved || !area) return null;

  const options: Saved[] = chosen && !saved.some(same(chosen)) ? [...saved, chosen] : saved;
  if (options.length < 2)
    return (
      <Group gap={6} c="dimmed" data-testid="delivery-area">
        <AppIcon name="pin" size={18} />
        <Text size="sm">{t('deliveringTo', { area })}</Text>
      </Group>
    );
  const current = chosen ? options.findIndex(same(chosen)) : 0;
  return (
    <NativeSelect
      data-testid="delivery-area"
      label={t('deliverTo')}
      leftSection={<AppIcon name="pin" size={18} />}
      data={options.map((a, i) => ({ value: String(i), label: [a.area, a.address].filter(Boolean).join(' - ') }))}
      value={String(current)}
      onChange={(e) => choose(asAddress(options[Number(e.currentTarget.value)]))}
      maw={480}
    />
  );
}
