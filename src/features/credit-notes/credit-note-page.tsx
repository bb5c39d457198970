import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { DocumentPage } from '../../components/document-page';
import { EinvoiceEntry } from '../../components/einvoice-entry';
import { useT } from '../../lib/i18n';
import { useCachedQuery } from '../../data/use-cached-query';
import { CreditNoteSheet } from './credit-note-sheet';
import { fetchCreditNote, fetchCreditNoteEinvoice, saveCreditNoteIrn } from './credit-notes-api';

/**
 * /credit-notes/:id: a credit note (a return against a sale), to print on 58 mm, 80 mm or A4, or share.
 * A note to a registered buyer offers its e-invoice (a CRN; the server refuses it unless the shop's
 * turnover passed ₹5 crore), and prints the IRN and QR once entered.
 */
export default function CreditNotePage() {
  const t = useT('returns');
  const { id = '' } = useParams();
  // a note never changes but for its e-invoice: the copy saved on this device opens offline too
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
      extra={(n) =>
        n.buyer?.gstin && (
          <EinvoiceEntry
            docNumber={n.number}
            current={n.einvoice}
            download={() => fetchCreditNoteEinvoice(n._id)}
            save={async (body) => {
              const saved = await saveCreditNoteIrn(n._id, body);
              q.mutate(() => saved);
            }}
          />
        )
      }
    >
      {(n, paper) => <CreditNoteSheet note={n} paper={paper} />}
    </DocumentPage>
  );
}
