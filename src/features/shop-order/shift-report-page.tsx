import { Button, Skeleton } from '@mantine/core';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ShiftDto } from '../../../core/schemas/shift';
import { DocumentPage } from '../../components/document-page';
import { TamilReady } from '../../components/tamil-ready';
import { useCachedQuery } from '../../data/use-cached-query';
import { api, ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useSession } from '../../stores/session';
import { ShiftReportSheet } from './shift-report-sheet';
import { type ClosedShift, followSentShift, useTillShift } from './shift-store';
import { onOutboxSent } from '../../offline/status';

/** A closed shift of the shop's today (GET /api/shifts), when it was not closed on this device. */
async function fetchShift(id: string): Promise<ClosedShift> {
  const { shifts } = await api.get<{ shifts: ShiftDto[] }>('shifts');
  const shift = shifts.find((s) => s._id === id && s.closedAt !== null);
  if (!shift) throw new ApiError(404, undefined, 'Not found');
  return { shift, provisional: false };
}

/** Runs `run` once the report has painted. */
function WhenShown({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}

/**
 * /shift-report/:shiftId: a closed shift's report in the frame of every printed document, on the 80 mm roll
 * by default. The shift closed last at this device's till is read from the device (offline too, with the
 * device's own figures until the close reaches the server); another one of today from the server.
 * ?print=1 (Print shift report after the close) opens the print dialog at once.
 */
export default function ShiftReportPage() {
  const t = useT('shift');
  const { shiftId = '' } = useParams();
  const [search] = useSearchParams();
  const shop = useSession((s) => s.userInfo?.shopName || s.userInfo?.vendorDetails?.shopName || s.userInfo?.name || '');
  const here = useTillShift((s) => Object.values(s.closed).find((c) => c.shift._id === shiftId) ?? null);
  const q = useCachedQuery(here ? null : `shift-report:${shiftId}`, () => fetchShift(shiftId), { persist: false });
  const report = here ?? q.data;
  // a close made offline: the server's figures replace the device's once it is sent
  useEffect(() => onOutboxSent((e) => followSentShift(e.kind, e.response)), []);
  const printed = useRef(false);
  const printOnce = useCallback(() => {
    if (printed.current) return;
    printed.current = true;
    window.setTimeout(() => window.print(), 300);
  }, []);

  return (
    <DocumentPage
      title={t('reportTitle')}
      action={
        <Button component={Link} to="/order" variant="default" mih={44}>
          {t('newSale')}
        </Button>
      }
      query={q}
      doc={report}
      failed={t('reportNotFound')}
      printLabel={t('printReport')}
      controlSize="md"
    >
      {(r, paper) => (
        // a till or a person named in Tamil waits for its font here, and the print dialog with it
        <Suspense fallback={<Skeleton h={320} radius="md" />}>
          <TamilReady text={`${shop} ${r.shift.tillName} ${r.shift.cashier.name} ${r.shift.note}`}>
            <ShiftReportSheet shift={r.shift} shop={shop} provisional={r.provisional} paper={paper} />
            {search.get('print') === '1' && <WhenShown run={printOnce} />}
          </TamilReady>
        </Suspense>
      )}
    </DocumentPage>
  );
}
