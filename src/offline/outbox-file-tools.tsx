import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useT } from '../lib/i18n';
import { useSession } from '../stores/session';
import { exportOutbox, importOutbox, type OutboxImport, outboxFileName } from './outbox-file';
import { syncNow } from './runtime';

type Note = { ok: boolean; text: string };

/** A long label (Tamil on a phone) wraps inside its button instead of being cut. */
const WRAP = { h: 'auto', mih: 30, py: 6, styles: { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } } };

const REFUSALS = { notFile: 'fileNotOutbox', newer: 'fileNewer', otherAccount: 'fileOtherAccount' } as const;

/** Offers the file to the browser's downloads. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Save what is not sent to a file, or load one saved on another device of this account (src/offline/outbox-file.ts). */
export function OutboxFileTools({ count }: { count: number }) {
  const t = useT('offline');
  const userId = useSession((s) => s.userInfo?._id ?? null);
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  // the input forgets the file it was given, so the same file can be loaded again (it then loads nothing new)
  const resetInput = useRef<() => void>(null);
  if (!userId) return null;

  const save = async () => {
    const file = await exportOutbox(userId);
    const name = outboxFileName(file);
    download(name, JSON.stringify(file, null, 2));
    setNote({ ok: true, text: t('fileSaved', { name }) });
  };

  const load = async (picked: File | null) => {
    if (!picked) return;
    setBusy(true);
    try {
      const result: OutboxImport = await importOutbox(userId, await picked.text()).catch(() => ({ ok: false, reason: 'notFile' }) as const);
      if (!result.ok) setNote({ ok: false, text: t(REFUSALS[result.reason]) });
      else if (result.added === 0) setNote({ ok: true, text: t('fileLoadedNone') });
      else {
        setNote({ ok: true, text: result.added === 1 ? t('fileLoadedOne') : t('fileLoaded', { n: result.added }) });
        void syncNow({ force: true });
      }
    } finally {
      resetInput.current?.();
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="outbox-file">
      <Text size="sm" c="dimmed">
        {t('fileHint')}
      </Text>
      <Group gap="xs" grow>
        <Button size="xs" variant="light" disabled={count === 0} onClick={() => void save()} data-testid="outbox-save" {...WRAP}>
          {t('saveFile')}
        </Button>
        <FileButton onChange={(f) => void load(f)} accept="application/json,.json" resetRef={resetInput}>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={busy} data-testid="outbox-load" {...WRAP}>
              {t('loadFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      {note && (
        <Alert color={note.ok ? 'teal' : 'red'} p="xs" role="status" data-testid="outbox-file-note">
          {note.text}
        </Alert>
      )}
    </Stack>
  );
}
