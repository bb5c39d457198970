import { Alert, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type Paper, PrintControls } from '../../components/print-sheet';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../lib/use-cached-query';
import { CreditNoteSheet } from './credit-note-sheet';
import { fetchCreditNote } from './credit-notes-api';

/** /credit-notes/:id: a credit note (a return against a sale), to print on 58 mm, 80 mm or A4, or share. */
export default function CreditNotePage() {
  const t = useT('returns');
  const { id = '' } = useParams();
  // a note never changes: the copy saved on this device opens offline too
  const q = useCachedQuery(`credit-note:${id}`, () => fetchCreditNote(id), { offlineNotice: true });
  const [paper, setPaper] = useState<Paper>('80mm');
  const [sharing, setSharing] = useState(false);
  const note = q.data;

  const share = async () => {
    if (!note) return;
    setSharing(true);
    try {
      const { shareCreditNote } = await import('./credit-note-share');
      await shareCreditNote(note);
    } finally {
      setSharing(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('pageTitle')}</Title>
        {note && (
          <Button component={Link} to={`/vendor/orders/${note.orderId}`} variant="default" size="xs">
            {t('backToOrder')}
          </Button>
        )}
      </Group>
      {note ? (
        <>
          <Group gap="xs">
            <PrintControls paper={paper} onPaper={setPaper} label={t('print')} roll58 />
            <Button size="xs" variant="light" onClick={() => void share()} loading={sharing}>
              {t('share')}
            </Button>
          </Group>
          <CreditNoteSheet note={note} paper={paper} />
        </>
      ) : q.error ? (
        <Alert color="red" role="alert" title={errorMessage(q.error, t('loadFailed'))}>
          <Button size="xs" variant="white" color="red" onClick={q.refresh}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <Skeleton h={320} radius="md" />
      )}
    </Stack>
  );
}
