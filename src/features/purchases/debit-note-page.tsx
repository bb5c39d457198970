import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { needsEwayBill, returnStateCode } from '../../../core/eway-bill';
import { toPaise } from '../../../core/money';
import type { DebitNoteDto } from '../../../core/schemas/debit-note';
import { DocumentPage } from '../../components/document-page';
import { EwayBillEntry } from '../../components/eway-bill-entry';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { DebitNoteSheet } from './debit-note-sheet';
import { fetchDebitNote, fetchDebitNoteEwayBill, saveDebitNoteEwayBillNo } from './purchases-api';

/** Are the returned goods worth an e-way bill (core/eway-bill.ts, the supplier's state as the destination)? */
const needsEway = (n: DebitNoteDto) =>
  needsEwayBill({
    placeOfSupply: returnStateCode(n.supplier.gstin, n.interState),
    lines: n.lines.map((l) => ({
      name: l.name,
      hsnCode: '',
      quantity: l.quantity,
      unit: l.unit,
      gstRate: l.gstRate,
      taxablePaise: toPaise(l.taxable),
      cgstPaise: toPaise(l.cgst),
      sgstPaise: toPaise(l.sgst),
      igstPaise: toPaise(l.igst),
    })),
  });

/** /debit-notes/:id: a debit note (goods returned to a supplier), to print on a roll or A4; its e-way bill when worth one. */
export default function DebitNotePage() {
  const t = useT('purchases');
  const { id = '' } = useParams();
  // a note never changes but for its e-way bill number: the copy saved on this device opens offline too
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
      extra={(n) =>
        needsEway(n) && (
          <EwayBillEntry
            docNumber={n.number}
            number={n.ewayBill?.number ?? ''}
            askPincode
            download={(tr) => fetchDebitNoteEwayBill(n._id, tr)}
            save={async (ewayBillNo) => {
              const saved = await saveDebitNoteEwayBillNo(n._id, { ewayBillNo });
              q.mutate(() => saved);
            }}
          />
        )
      }
    >
      {(n, paper) => <DebitNoteSheet note={n} paper={paper} />}
    </DocumentPage>
  );
}
