import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { DocumentPage } from '../../components/document-page';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { CreditNoteSheet } from './credit-note-sheet';
import { fetchCreditNote } from './credit-notes-api';

/** /credit-notes/:id: a credit note (a return against a sale), to print on 58 mm, 80 mm or A4, or share. */
export default function CreditNotePage() {
  const t = useT('returns');
  const { id = '' } = useParams();
  // a note never changes: the copy saved on this device opens offline too
  const q = useCachedQuery(`credit-note:${id}`, () => fetchCreditNote(id), { offlineNotice: true });
  const note = q.data;

  return (
    <DocumentPage
      title={t('pageTitle')}
      action={
        note && (
          <Button component={Link} to={`/vendor/orders/${note.orderId}`} variant="default" size="xs">
            {t('backToOrder')}
          </Button>
        )
      }
      query={q}
      doc={note}
      failed={t('loadFailed')}
      printLabel={t('print')}
      roll58
      share={(n) => import('./credit-note-share').then((m) => m.shareCreditNote(n))}
    >
      {(n, paper) => <CreditNoteSheet note={n} paper={paper} />}
    </DocumentPage>
  );
}
