import { Button, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AppIcon } from '../../components/app-icons';
import { QueryView } from '../../components/query-view';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { fetchAreas } from './admin-api';
import { PageHeader } from '../../components/page-header';

/** Orders by area from the admin menu: every delivery area, each opening its pending orders. */
export default function OrdersByAreaPage() {
  const t = useT('admin');
  const msg = useMsg();
  // the same saved list as the Home area picker (offline too)
  const q = useCachedQuery('areas', fetchAreas, { offlineNotice: true });

  return (
    <>
      <PageHeader title={t('ordersByArea')} />
      <QueryView query={q} data={q.data && (q.data.areas ?? [])} failed={msg.areasLoadFailedHome} empty={t('noAreas')}>
        {(areas) => (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {areas.map((area) => (
              <Button
                key={area}
                component={Link}
                to={`/orders-by-area/${encodeURIComponent(area)}`}
                variant="light"
                size="md"
                mih={44}
                leftSection={<AppIcon name="pin" size={18} />}
                styles={{ label: { whiteSpace: 'normal' } }}
              >
                {area}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </QueryView>
    </>
  );
}
