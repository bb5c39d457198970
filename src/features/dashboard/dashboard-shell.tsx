import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryView } from '../../components/query-view';
import { SavedDataBadge } from '../../components/saved-data-badge';
import { useT } from '../../lib/i18n';
import type { CachedQuery } from '../../data/use-cached-query';
import { DashboardHeader, type RangeDays } from './range-toggle';
import { useDashboardFormat } from './use-dashboard-format';

/** What every dashboard's answer has: its period and when its figures were made. */
interface Figures {
  from: string;
  to: string;
  generatedAt: string;
}

/**
 * The frame both dashboards share: the title with the 7 / 30 days switch, any picker (`controls`),
 * when the figures were saved, and then one of: nothing (`idle`, e.g. no vendor chosen yet), the
 * load error with Retry, a skeleton, or the figures under the line that says their period and time
 * (`who` before it), with `empty` shown above them when the period had nothing.
 */
export function DashboardShell<T extends Figures>(props: {
  title: string;
  days: RangeDays;
  onDays: (d: RangeDays) => void;
  query: CachedQuery<T>;
  controls?: ReactNode;
  idle?: boolean;
  who?: string;
  empty?: string | false;
  children: (figures: T) => ReactNode;
}) {
  const t = useT('dashboard');
  const f = useDashboardFormat();
  const { query: q } = props;
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <DashboardHeader title={props.title} days={props.days} onDays={props.onDays} />
      {props.controls}
      <SavedDataBadge savedAt={q.savedAt} fromCache={q.fromCache} offline={q.offline} refreshing={q.refreshing} />
      {!props.idle && (
        <QueryView
          query={q}
          failed={t('loadFailed')}
          loader={
            <Stack>
              <Skeleton h={90} radius="md" />
              <Skeleton h={300} radius="md" />
            </Stack>
          }
        >
          {(s) => (
            <>
              <Text size="xs" c="dimmed" data-testid="figures-at">
                {props.who ? `${props.who} · ` : ''}
                {f.day(s.from)} – {f.day(s.to)} · {t('figuresAt', { time: f.time(s.generatedAt) })}
              </Text>
              {props.empty && <Alert color="gray">{props.empty}</Alert>}
              {props.children(s)}
            </>
          )}
        </QueryView>
      )}
    </Stack>
  );
}
