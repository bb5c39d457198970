import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useCachedQuery } from '../../data/use-cached-query';
import { useT } from '../../lib/i18n';
import { VendorSelect } from './vendor-select';
import { useCan } from '../../stores/use-can';
import { todayInIndia } from './day-close-api';
import { fetchReconciliation } from './reconciliation-api';
import { ReconciliationEntries } from './reconciliation-entries';
import { ReconciliationTotals } from './reconciliation-totals';
import { StatementUpload } from './statement-upload';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /reconciliation: the UPI rupees of a chosen India-time day (the owner's and a manager's; an admin chooses
 * the vendor): the totals by how each was confirmed, every sale and payment, and the settlement statement's
 * upload that matches the sales confirmed by hand.
 */
export default function ReconciliationPage() {
  const t = useT('reconciliation');
  const isAdmin = useCan('administer');
  const [date, setDate] = useState(todayInIndia);
  const [vendorId, setVendorId] = useState<string | null>(null);
  const ready = DAY.test(date) && (!isAdmin || !!vendorId);
  const q = useCachedQuery(
    ready ? `reconciliation:${vendorId ?? 'own'}:${date}` : null,
    () => fetchReconciliation(date, vendorId ?? undefined),
    { persist: false },
  );

  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('title')} hint={t('hint')} mb={0} link={{ to: '/day-close', label: t('backToDayClose'), variant: 'subtle' }} />
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('date')}
          type="date"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          max={todayInIndia()}
          w={180}
          data-testid="reconciliation-date"
        />
        {isAdmin && (
          <VendorSelect value={vendorId} onChange={setVendorId} label={t('vendor')} choose={t('chooseVendor')} loading={t('loading')} />
        )}
      </Group>
      {isAdmin && !vendorId ? (
        <Alert color="gray" variant="light">
          {t('chooseVendorDot')}
        </Alert>
      ) : (
        <>
          {ready && (
            <QueryView query={q} failed={t('loadFailed')}>
              {(r) => (
                <Stack gap="md">
                  <ReconciliationTotals r={r} />
                  <ReconciliationEntries entries={r.entries} />
                </Stack>
              )}
            </QueryView>
          )}
          <StatementUpload shopId={isAdmin ? (vendorId ?? undefined) : undefined} onUploaded={q.refresh} />
        </>
      )}
    </Stack>
  );
}
