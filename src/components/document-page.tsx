import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useT } from '../lib/i18n';
import { type Paper, PrintControls } from './print-sheet';
import { QueryView } from './query-view';

/**
 * The frame of everything printed: the bill, the credit note and the statement. Its title (or a
 * link back) and the page's own action, then, once the document is here, the paper to print on
 * with Print, Share when the document can be shared, any other control (the receipt printer), and
 * the sheet; before that the loader, or the failed load with Retry.
 */
export function DocumentPage<T>(props: {
  title?: string;
  /** Beside the title: back to the order, a new sale, back to the customer. */
  action?: ReactNode;
  query: { error?: unknown; refresh: () => void };
  doc: T | null | undefined;
  failed: string;
  /** The paper the page opens with. */
  paper?: Paper;
  /** The Print button's label; the paper choice offers 58 mm when the document fits a narrow roll. */
  printLabel?: string;
  roll58?: boolean;
  /** Shares the document (a PDF or text to WhatsApp); no Share button without it. */
  share?: (doc: T) => Promise<unknown>;
  /** Controls after Print and Share. */
  extra?: (doc: T) => ReactNode;
  maw?: number;
  children: (doc: T, paper: Paper) => ReactNode;
}) {
  const t = useT('common');
  const [paper, setPaper] = useState<Paper>(props.paper ?? '80mm');
  const [sharing, setSharing] = useState(false);
  const share = async (doc: T) => {
    setSharing(true);
    try {
      await props.share?.(doc);
    } finally {
      setSharing(false);
    }
  };
  return (
    <Stack gap="md" maw={props.maw} mx={props.maw ? 'auto' : undefined}>
      <Group justify="space-between">
        {props.title && <Title order={2}>{props.title}</Title>}
        {props.action}
      </Group>
      <QueryView query={props.query} data={props.doc} failed={props.failed} loader={<Skeleton h={320} radius="md" />}>
        {(doc) => (
          <>
            <Group gap="xs">
              <PrintControls paper={paper} onPaper={setPaper} label={props.printLabel} roll58={props.roll58} />
              {props.share && (
                <Button size="xs" variant="light" onClick={() => void share(doc)} loading={sharing}>
                  {t('share')}
                </Button>
              )}
              {props.extra?.(doc)}
            </Group>
            {props.children(doc, paper)}
          </>
        )}
      </QueryView>
    </Stack>
  );
}
