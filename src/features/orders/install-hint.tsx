import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useT } from '../../lib/i18n';
import { INSTALL_HINT_KEY, installState, onInstallChange, promptInstall } from '../../lib/install-prompt';
import { useCan } from '../../stores/use-can';

/** The app runs from the home screen already (installed, opened as an app). */
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Safari on an iPhone or iPad (an iPad says it is a Mac, but has a touch screen): Share, then Add to Home Screen. */
const appleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** Whether the hint was shown on this device before (no storage: it could not be remembered, so it is not shown). */
function seenBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_HINT_KEY) !== null;
  } catch {
    return true;
  }
}

/**
 * Once per device, on the page a customer's first order lands on: how to add the app to the home
 * screen. Where the browser offers its own install dialog, a button opens it; elsewhere (Safari on the
 * iPhone, Firefox) the hint says where to tap. Not shown in the installed app, nor to shop staff, riders
 * or admins; shown once, it is remembered (src/lib/install-prompt.ts) and never comes back.
 */
export function InstallHint({ afterOrder }: { afterOrder: boolean }) {
  const t = useT('orders');
  const customer = useCan('shop');
  // decided once, when the page opens: a later render (or the flag written below) does not hide it
  const [open, setOpen] = useState(() => afterOrder && customer && !seenBefore() && !standalone());
  const offer = useSyncExternalStore(onInstallChange, installState, installState);
  useEffect(() => {
    if (!open) return;
    try {
      localStorage.setItem(INSTALL_HINT_KEY, '1');
    } catch {
      /* storage unavailable */
    }
  }, [open]);
  // installed meanwhile (from the hint or from the browser's own menu): nothing left to say
  if (!open || offer.installed) return null;

  const install = async () => {
    // the browser's dialog serves once: whatever the answer, the hint has done its part
    await promptInstall();
    setOpen(false);
  };
  return (
    <Paper withBorder radius="md" p="sm" bg="teal.0" role="region" aria-label={t('installTitle')} data-testid="install-hint">
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700}>{t('installTitle')}</Text>
          <Text size="sm">{t('installWhy')}</Text>
          {offer.prompt ? (
            <Button mih={44} h="auto" style={{ alignSelf: 'flex-start' }} onClick={() => void install()} data-testid="install-button">
              {t('installButton')}
            </Button>
          ) : (
            <Text size="sm" fw={600} data-testid="install-steps">
              {appleMobile() ? t('installStepsIos') : t('installStepsMenu')}
            </Text>
          )}
        </Stack>
        <CloseButton size={44} aria-label={t('installDismiss')} onClick={() => setOpen(false)} data-testid="install-dismiss" />
      </Group>
    </Paper>
  );
}
