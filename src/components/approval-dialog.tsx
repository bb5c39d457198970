import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import type { ApprovalInput } from '../../core/schemas/approval';
import type { ApproversDto } from '../../core/schemas/staff';
import { api, ApiError, errorMessage, toApiError } from '../lib/api';
import { loadNamespaces, translate, useT } from '../lib/i18n';
import { modalsReady } from '../lib/modals-ready';
import { useCachedQuery } from '../data/use-cached-query';
import { PinPad } from './pin-pad';
import { QueryView } from './query-view';

/** The refusals an approver's PIN may get: shown on the pad, so another try is one tap away. */
const PIN_REFUSALS = new Set(['pinWrong', 'pinLocked', 'pinNotSet', 'approverNotAllowed', 'approvalSelf']);

type Approver = ApproversDto['approvers'][number];

/**
 * Sends a request that may need a manager's or the owner's PIN (core/approvals.ts): as it is first;
 * when the server answers 403 approvalRequired, asks for the approver's PIN on the spot and sends it
 * again with `approval: { staffId, pin }`. Cancelled, it fails with the server's approvalRequired.
 */
export async function withApproval<T>(send: (approval?: ApprovalInput) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const refused = await toApiError(err);
    if (refused.data?.code !== 'approvalRequired') throw refused;
    // the dialog's texts are ready before it opens: its title is read once
    await Promise.all([modalsReady, loadNamespaces(['staff'])]);
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const id = modals.open({
        title: translate('staff', 'approvalTitle'),
        centered: true,
        size: 'sm',
        children: (
          <ApprovalForm
            ask={refused.message}
            send={send}
            onDone={(result) => {
              settled = true;
              modals.close(id);
              resolve(result);
            }}
            onFail={(e) => {
              settled = true;
              modals.close(id);
              reject(e);
            }}
          />
        ),
        onClose: () => {
          if (!settled) reject(refused);
        },
      });
    });
  }
}

function ApprovalForm<T>({
  ask,
  send,
  onDone,
  onFail,
}: {
  ask: string;
  send: (approval: ApprovalInput) => Promise<T>;
  onDone: (result: T) => void;
  onFail: (err: unknown) => void;
}) {
  const t = useT('staff');
  // whose PIN may approve, asked each time (a manager removed a minute ago is not offered)
  const query = useCachedQuery('approvers', () => api.get<ApproversDto>('shop/approvers'), { persist: false });
  const approvers = query.data?.approvers;
  const [picked, setPicked] = useState<Approver | null>(null);
  // one approver (the owner alone): straight to the PIN
  const chosen = picked ?? (approvers?.length === 1 ? approvers[0]! : null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!chosen || pin.length < 4 || busy) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await send({ staffId: chosen._id, pin }));
    } catch (err) {
      const refused = err instanceof ApiError ? err : await toApiError(err);
      if (typeof refused.data?.code === 'string' && PIN_REFUSALS.has(refused.data.code)) {
        setError(errorMessage(refused, t('failed')));
        setPin('');
      } else onFail(refused);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="approval-ask">
        {ask}
      </Text>
      <QueryView query={query} failed={t('peopleFailed')} loader={<Loader size="sm" />}>
        {({ approvers: list }) => list.length === 0 && <Alert color="yellow">{t('noApprovers')}</Alert>}
      </QueryView>
      {approvers && approvers.length > 1 && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('whoApproves')}
          </Text>
          <Group gap="xs">
            {approvers.map((a) => (
              <Button
                key={a._id}
                mih={44}
                variant={chosen?._id === a._id ? 'filled' : 'default'}
                aria-pressed={chosen?._id === a._id}
                onClick={() => {
                  setPicked(a);
                  setPin('');
                  setError(null);
                }}
              >
                {a.name}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {chosen && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <PinPad
            key={chosen._id}
            label={t('enterPin', { name: chosen.name })}
            value={pin}
            onChange={(v) => {
              setPin(v);
              if (v) setError(null);
            }}
            error={error}
            busy={busy}
            submitLabel={t('approve')}
          />
        </form>
      )}
    </Stack>
  );
}
