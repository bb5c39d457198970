import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { TillPersonDto } from '../../../core/schemas/staff';
import { QueryView } from '../../components/query-view';
import { useCachedQuery } from '../../data/use-cached-query';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useText } from '../../lib/messages';
import { useOfflineStatus } from '../../offline/status';
import { useSession } from '../../stores/session';
import { PinPad } from '../../components/pin-pad';
import { type SwitchRefusal, switchPerson } from './switch-person';
import { loadTillPeople } from './till-people';

const ROLE_KEYS = { vendor: 'teamOwner', manager: 'roleManager', cashier: 'roleCashier', stock: 'roleStock' } as const;

/**
 * Who is at the till: pick a person of the shop, then their PIN on the pad. `heldFor`: the person at the
 * till must enter their PIN again (the page was reloaded): the dialog cannot be closed until someone does.
 */
export function SwitchPersonDialog({ deviceId, heldFor, onClose }: { deviceId: string; heldFor?: string; onClose: () => void }) {
  const t = useT('staff');
  const text = useText();
  // the till keeps them itself (till-people.ts), under its account whoever is at it
  const people = useCachedQuery(`till-people:${deviceId}`, () => loadTillPeople(deviceId), { persist: false });
  const online = useOfflineStatus((s) => s.online);
  const atTill = useSession((s) => s.userInfo?.personId ?? s.userInfo?._id);
  const [chosenId, setChosenId] = useState<string | null>(heldFor ?? null);
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<SwitchRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = people.data?.find((p) => p._id === chosenId) ?? null;
  const held = heldFor !== undefined;
  const role = (p: TillPersonDto) => t(ROLE_KEYS[p.role]);

  const choose = (id: string | null) => {
    setChosenId(id);
    setPin('');
    setRefusal(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!chosen || pin.length < 4 || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const refused = await switchPerson(deviceId, chosen, pin);
      if (refused) {
        setRefusal(refused);
        setPin('');
        return;
      }
      notifications.show({ color: 'green', message: t('switched', { name: chosen.name }) });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const refusalText = refusal && ('coded' in refusal ? text(refusal.coded) : errorMessage(refusal.error, t('failed')));
  const heldName = people.data?.find((p) => p._id === heldFor)?.name ?? '';

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('whoIsAtTill')}
      size="sm"
      centered
      withCloseButton={!held}
      closeOnEscape={!held}
      closeOnClickOutside={!held}
    >
      <QueryView query={people} failed={t('peopleFailed')} offline={t('peopleOffline')}>
        {(list) =>
          chosen ? (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="pin-person">
                      {chosen.name}
                    </Text>
                    <Badge variant="light">{role(chosen)}</Badge>
                  </Stack>
                  <Button variant="light" size="compact-md" mih={44} style={{ flexShrink: 0 }} onClick={() => choose(null)}>
                    {t('back')}
                  </Button>
                </Group>
                {held && chosen._id === heldFor && <Text size="sm">{t('pinAgain', { name: chosen.name })}</Text>}
                {!online && (
                  <Text size="xs" c="dimmed">
                    {t('offlineCheck')}
                  </Text>
                )}
                <PinPad
                  label={t('enterPin', { name: chosen.name })}
                  value={pin}
                  onChange={(v) => {
                    setPin(v);
                    if (v) setRefusal(null);
                  }}
                  error={refusalText}
                  busy={busy}
                  submitLabel={t('switchButton')}
                />
              </Stack>
            </form>
          ) : (
            <Stack gap="sm">
              <Text size="sm">{held && heldName ? t('pinAgain', { name: heldName }) : t('choosePerson')}</Text>
              <SimpleGrid cols={2} spacing="sm">
                {list.map((p) => (
                  <UnstyledButton
                    key={p._id}
                    onClick={() => choose(p._id)}
                    disabled={!p.pin}
                    data-testid="till-person"
                    aria-label={`${p.name}, ${role(p)}${p.pin ? '' : `, ${t('pinNotSet')}`}`}
                    style={{
                      minHeight: 76,
                      padding: 10,
                      borderRadius: 10,
                      border: `2px solid var(--mantine-color-${p._id === atTill ? 'teal-6' : 'gray-3'})`,
                      background: 'var(--mantine-color-white)',
                      opacity: p.pin ? 1 : 0.6,
                      cursor: p.pin ? 'pointer' : 'not-allowed',
                      textAlign: 'center',
                    }}
                  >
                    <Stack gap={4} align="center">
                      <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {p.name}
                      </Text>
                      <Group gap={4} justify="center">
                        <Badge size="sm" variant="light">
                          {role(p)}
                        </Badge>
                        {p._id === atTill && (
                          <Badge size="sm" color="teal" variant="filled">
                            {t('atTillNow')}
                          </Badge>
                        )}
                      </Group>
                      {!p.pin && (
                        <Text size="xs" c="dimmed">
                          {t('pinNotSet')}
                        </Text>
                      )}
                    </Stack>
                  </UnstyledButton>
                ))}
              </SimpleGrid>
              {list.some((p) => !p.pin) && (
                <Alert variant="light" color="gray" p="xs">
                  <Text size="xs">{t('noPinHint')}</Text>
                </Alert>
              )}
            </Stack>
          )
        }
      </QueryView>
    </Modal>
  );
}
