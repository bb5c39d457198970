import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { DocumentPage } from '../../components/document-page';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { DebitNoteSheet } from './debit-note-sheet';
import { fetchDebitNote } from './purchases-api';

/** /debit-notes/:id: a debit note (goods returned to a supplier), to print on a roll or A4. */
export default function DebitNotePage() {
  const t = useT('purchases');
  const { id = '' } = useParams();
  // a note never changes: the copy saved on this device opens offline too
  const q = useCachedQuery(`debit-note:${id}`, () => fetchDebitNote(id), { offlineNotice: true });
  const note = q.data;
  return (
    <DocumentPage
      title={t('debitNote')}
      action={
        note && (
          <Button component={Link} to={`/purchases/${note.purchaseId}`} variant="default" size="xs">
            {t('backToBill')}
          </Button>
        )
      }
      query={q}
      doc={note}
      failed={t('noteLoadFailed')}
      printLabel={t('print')}
    >
      {(n, paper) => <DebitNoteSheet note={n} paper={paper} />}
    </DocumentPage>
  );
}
