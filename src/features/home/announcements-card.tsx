import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AppIcon } from '../../components/app-icons';
import { QueryView } from '../../components/query-view';
import { useState } from 'react';
import { useCachedQuery } from '../../data/use-cached-query';
import { useDateFormat } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { fetchAnnouncements } from './home-api';

const PREVIEW = 3;

export function AnnouncementsCard() {
  const q = useCachedQuery('announcements', fetchAnnouncements);
  const [showAll, setShowAll] = useState(false);
  const t = useT('home');
  const msg = useMsg();
  const when = useDateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

  return (
    <Card withBorder radius="lg" padding="md" data-testid="announcements">
      <Group gap="xs" mb="sm">
        <ThemeIcon variant="light" radius="xl" size="lg">
          <AppIcon name="megaphone" size={20} />
        </ThemeIcon>
        <Title order={4}>{t('announcements')}</Title>
      </Group>
      <QueryView
        query={q}
        failed={msg.infoLoadFailed}
        loader={
          // the shape of a typical preview (PREVIEW items and the Show all link), so the cards below do not jump when it arrives
          <Stack gap="sm" aria-label={t('loadingAnnouncements')}>
            {Array.from({ length: PREVIEW }, (_, i) => (
              <Stack key={i} gap={8} h={{ base: 78, md: 40 }} pt={4}>
                <Skeleton h={14} />
                <Skeleton h={14} w="80%" hiddenFrom="md" />
                <Skeleton h={10} w="35%" />
              </Stack>
            ))}
            <Skeleton h={16} w={90} />
          </Stack>
        }
        empty={
          <Text c="dimmed" size="sm">
            {t('noAnnouncements')}
          </Text>
        }
      >
        {(items) => (
          <Stack gap="sm">
            {(showAll ? items : items.slice(0, PREVIEW)).map((a) => (
              <div key={a._id} style={{ borderLeft: '3px solid var(--mantine-color-teal-5)', paddingLeft: 10 }}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {a.information}
                </Text>
                <Text size="xs" c="dimmed">
                  {Number.isNaN(Date.parse(a.createdAt)) ? '' : when.format(new Date(a.createdAt))}
                </Text>
              </div>
            ))}
            {items.length > PREVIEW && (
              <Anchor component="button" type="button" size="sm" mih={44} onClick={() => setShowAll((v) => !v)} ta="left">
                {showAll ? t('showFewer') : t('showAll', { n: items.length })}
              </Anchor>
            )}
          </Stack>
        )}
      </QueryView>
    </Card>
  );
}
