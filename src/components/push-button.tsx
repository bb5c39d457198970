import { Button, Group, Text } from '@mantine/core';
import { AppIcon } from './app-icons';
import { useState } from 'react';
import { useT } from '../lib/i18n';
import { enablePush, pushSupported, usePushState } from '../lib/push';

/**
 * The one way a screen asks for notification permission: a button whose label says why ("Tell me
 * when an order comes in"); the browser asks only after that click. Hidden where push is not
 * supported; once on, a line says so. `areas`: what a rider follows (kept with the subscription);
 * `covered`: false while this screen's subject is not yet among them (the button shows again).
 */
export function PushButton({
  label,
  areas,
  covered = true,
  onOn,
}: {
  label: string;
  areas?: string[];
  covered?: boolean;
  onOn?: () => void;
}) {
  const t = useT('common');
  const [state, setState] = useState<'unknown' | 'off' | 'busy' | 'on' | 'denied' | 'failed'>('unknown');
  usePushState(covered, (on) => setState(on ? 'on' : 'off'));
  if (!pushSupported() || state === 'unknown') return null;
  if (state === 'on') {
    return (
      <Group gap={6} wrap="nowrap" c="dimmed" role="status" data-testid="push-on">
        <AppIcon name="bell" size={18} />
        <Text size="sm">{t('pushOn')}</Text>
      </Group>
    );
  }
  const turnOn = async () => {
    setState('busy');
    try {
      const result = await enablePush(areas);
      setState(result);
      if (result === 'on') onOn?.();
    } catch {
      setState('failed');
    }
  };
  return (
    <div>
      {/* a long Tamil label wraps at phone width instead of running off the screen */}
      <Button
        variant="light"
        size="sm"
        h="auto"
        mih={44}
        py={6}
        maw="100%"
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
        leftSection={<AppIcon name="bell" size={18} />}
        loading={state === 'busy'}
        onClick={() => void turnOn()}
        data-testid="push-button"
      >
        {label}
      </Button>
      {(state === 'denied' || state === 'failed') && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {t(state === 'denied' ? 'pushDenied' : 'pushFailed')}
        </Text>
      )}
    </div>
  );
}
