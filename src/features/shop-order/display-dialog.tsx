import { Alert, Anchor, Button, Divider, Group, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { DISPLAY_CODE_LENGTH, isDisplayCode, normalizeDisplayCode } from '../../../core/display';
import { useCachedQuery } from '../../data/use-cached-query';
import { errorMessage } from '../../lib/api';
import { can } from '../../lib/can';
import { useLanguage, useT } from '../../lib/i18n';
import { localeOf } from '../../lib/language';
import { useSession } from '../../stores/session';
import { fetchDisplays, pairDisplay, setDisplayPaired, unpairDisplay } from './display-pairing';
import { readTill } from './till-store';

/**
 * The customer display: a window on this computer (it follows the bill over the browser, offline too), or a
 * tablet paired by the code it shows (its bills then go through the server), and the displays paired.
 */
export default function DisplayDialog({ onClose }: { onClose: () => void }) {
  const t = useT('display');
  const lang = useLanguage();
  const user = useSession((s) => s.userInfo);
  const shopKey = user ? (user.shopId ?? user._id) : '';
  const tablets = can(user, 'useTill');
  const list = useCachedQuery(tablets ? `displays:${shopKey}` : null, fetchDisplays, { persist: false });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const address = `${location.origin}/display`;

  const pair = async (e: FormEvent) => {
    e.preventDefault();
    if (!isDisplayCode(code)) return setError(t('codeInvalid'));
    setBusy(true);
    setError(null);
    try {
      const paired = await pairDisplay(normalizeDisplayCode(code), readTill(shopKey)?.deviceId);
      setDisplayPaired(shopKey, true);
      notifications.show({ color: 'green', message: paired.message });
      setCode('');
      list.refresh();
    } catch (err) {
      setError(errorMessage(err, t('codeInvalid')));
    } finally {
      setBusy(false);
    }
  };
  const unpair = async (id: string) => {
    try {
      const done = await unpairDisplay(id);
      notifications.show({ message: done.message });
      if (list.data?.length === 1) setDisplayPaired(shopKey, false);
      list.refresh();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('loadFailed')) });
    }
  };
  const when = (iso: string) =>
    new Date(iso).toLocaleString(localeOf(lang), { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

  return (
    <Modal opened onClose={onClose} title={t('dialogTitle')} size="lg">
      <Stack gap="md">
        <Stack gap={6}>
          <Title order={4}>{t('sameComputer')}</Title>
          <Text size="sm">{t('sameComputerHelp')}</Text>
          <Group>
            <Button
              variant="light"
              onClick={() => window.open('/display', 'customer-display', 'popup,width=1280,height=800')}
              data-testid="open-display-window"
            >
              {t('openWindow')}
            </Button>
          </Group>
        </Stack>
        {tablets && (
          <>
            <Divider />
            <Stack gap={6}>
              <Title order={4}>{t('tablet')}</Title>
              <Text size="sm">{t('tabletHelp')}</Text>
              <Anchor href="/display" target="_blank" fw={600} size="sm">
                {address}
              </Anchor>
              <form onSubmit={pair} noValidate>
                <Group align="flex-end" gap="sm">
                  <TextInput
                    label={t('code')}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
                    maxLength={DISPLAY_CODE_LENGTH + 2}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    w={180}
                    styles={{ input: { fontSize: 22, letterSpacing: 4, fontWeight: 700 } }}
                    data-testid="display-code"
                  />
                  <Button type="submit" loading={busy} data-testid="pair-display">
                    {t('pair')}
                  </Button>
                </Group>
              </form>
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
            </Stack>
            <Stack gap={6}>
              <Title order={5}>{t('pairedList')}</Title>
              {list.loading && !list.data ? (
                <Loader size="sm" />
              ) : list.error !== undefined && !list.data ? (
                <Text size="sm" c="red">
                  {t('loadFailed')}
                </Text>
              ) : list.data?.length ? (
                list.data.map((d) => (
                  <Group key={d._id} justify="space-between" wrap="nowrap" data-testid="paired-display">
                    <Text size="sm">
                      {t('pairedItem', { when: when(d.pairedAt), name: d.pairedBy ?? '—' })}
                      {d.deviceName ? ` · ${t('pairedTill', { till: d.deviceName })}` : ''}
                    </Text>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => void unpair(d._id)}>
                      {t('unpair')}
                    </Button>
                  </Group>
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  {t('noneYet')}
                </Text>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Modal>
  );
}
