import { Anchor, Card, Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { UserDto } from '../../../core/schemas/user';
import { AppIcon } from '../../components/app-icons';
import { SectionTitle } from '../../components/section-title';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchProfile } from './home-api';

/** Where a step is done; `from=home` brings the vendor back here after saving. */
const STEPS = [
  { key: 'stepShop', to: '/update-profile?from=home', done: (p: UserDto) => !!p.vendorDetails?.shopName?.trim() && !!p.gstNumber?.trim() },
  { key: 'stepUpi', to: '/update-profile?from=home', done: (p: UserDto) => !!p.upiId?.trim() },
  { key: 'stepAreas', to: '/update-profile?from=home', done: (p: UserDto) => (p.deliveryAreas?.length ?? 0) > 0 },
  { key: 'stepProducts', to: '/createProduct?from=home', done: (p: UserDto) => (p.productCount ?? 0) > 0 },
] as const;

/**
 * A new vendor's first day: what is still to do before customers can buy (shop name and GSTIN, UPI ID,
 * delivery areas, the first product), each linking to where it is done. Worked out from the profile
 * answer alone (its fields, areas and product count); gone once every step is done.
 */
export function FirstDayChecklist() {
  const t = useT('home');
  const q = useCachedQuery('home:profile', fetchProfile, { persist: false });
  const profile = q.data;
  if (!profile) return null;
  const steps = STEPS.map((s) => ({ ...s, isDone: s.done(profile) }));
  const done = steps.filter((s) => s.isDone).length;
  if (done === steps.length) return null;

  return (
    <Card withBorder radius="lg" padding="md" data-testid="first-day-checklist">
      <Stack gap="xs">
        <SectionTitle title={t('firstDayTitle')} hint={t('firstDayHint')} />
        <Group gap="sm" wrap="nowrap">
          <Progress value={(done / steps.length) * 100} style={{ flex: 1 }} aria-hidden />
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {t('stepsDone', { done, total: steps.length })}
          </Text>
        </Group>
        <List spacing={4} listStyleType="none" p={0}>
          {steps.map((s) => (
            <List.Item
              key={s.key}
              data-testid="first-day-step"
              data-done={s.isDone}
              icon={
                <ThemeIcon size={28} radius="xl" color={s.isDone ? 'green' : 'gray'} variant={s.isDone ? 'filled' : 'light'}>
                  {s.isDone ? <AppIcon name="check" size={18} /> : <Text size="xs">{steps.indexOf(s) + 1}</Text>}
                </ThemeIcon>
              }
            >
              {s.isDone ? (
                <Text size="sm" td="line-through" c="dimmed" mih={44} style={{ display: 'flex', alignItems: 'center' }}>
                  {t(s.key)} · {t('stepDone')}
                </Text>
              ) : (
                <Anchor component={Link} to={s.to} size="sm" fw={600} mih={44} style={{ display: 'flex', alignItems: 'center' }}>
                  {t(s.key)}
                </Anchor>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
