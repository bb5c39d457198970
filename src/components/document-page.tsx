import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useT } from '../lib/i18n';
import { type Paper, type PaperChoice, PrintControls } from './print-sheet';
import { QueryView } from './query-view';

/**
 * The frame of everything printed: the bill, the credit note, the statement, the day's close and the
 * shelf labels. Its title (or a link back) and the page's own action, what chooses the document (its
 * day, the products to label), then, once the document is here, the paper to print on with Print,
 * Share when the document can be shared, any other control (the receipt printer), and the sheet;
 * before that the loader, or the failed load with Retry, or `idle` while there is nothing to load.
 */
export function DocumentPage<T, P extends string = Paper>(props: {
  title?: string;
  /** Beside the title: back to the order, a new sale, back to the customer. */
  action?: ReactNode;
  /** Under the title: what chooses the document (the day, the vendor, the products to label). */
  controls?: ReactNode;
  /** What loads the document; none when the page makes it (the labels of the chosen products). */
  query?: { error?: unknown; refresh: () => void };
  doc: T | null | undefined;
  failed?: string;
  /** Instead of the document while there is nothing to load (no vendor chosen yet). */
  idle?: ReactNode;
  /** The paper the page opens with. */
  paper?: P;
  /** Other papers than the rolls and A4 (the label sheet and roll). */
  papers?: PaperChoice<P>[];
  /** The Print button's label; the paper choice offers 58 mm when the document fits a narrow roll. */
  printLabel?: string;
  roll58?: boolean;
  /** Readies the document for the print dialog (codes to give, a font to load); false keeps the dialog closed. */
  beforePrint?: (doc: T) => Promise<boolean>;
  /** Nothing to print yet. */
  printDisabled?: boolean;
  /** md: controls a finger can hit. */
  controlSize?: 'xs' | 'md';
  /** Shares the document (a PDF or text to WhatsApp); no Share button without it. */
  share?: (doc: T) => Promise<unknown>;
  /** Controls after Print and Share. */
  extra?: (doc: T) => ReactNode;
  maw?: number;
  children: (doc: T, paper: P) => ReactNode;
}) {
  const t = useT('common');
  const [paper, setPaper] = useState<P>(props.paper ?? ('80mm' as P));
  const [busy, setBusy] = useState<'share' | 'print' | null>(null);
  /** Runs a step of the document (share, print) with its button busy. */
  const run = async (step: 'share' | 'print', work: () => Promise<unknown>) => {
    setBusy(step);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  const print = (doc: T) => {
    const ready = props.beforePrint;
    if (!ready) window.print();
    else void run('print', async () => (await ready(doc)) && window.print());
  };
  return (
    <Stack gap="md" maw={props.maw} mx={props.maw ? 'auto' : undefined}>
      <Group justify="space-between">
        {props.title && <Title order={2}>{props.title}</Title>}
        {props.action}
      </Group>
      {props.controls}
      {props.idle ? (
        props.idle
      ) : (
        <QueryView
          query={props.query ?? { refresh: () => undefined }}
          data={props.doc}
          failed={props.failed ?? ''}
          loader={<Skeleton h={320} radius="md" />}
        >
          {(doc) => (
            <>
              <Group gap="xs">
                <PrintControls
                  paper={paper}
                  onPaper={setPaper}
                  label={props.printLabel}
                  roll58={props.roll58}
                  papers={props.papers}
                  onPrint={() => print(doc)}
                  printing={busy === 'print'}
                  disabled={props.printDisabled}
                  size={props.controlSize}
                />
                {props.share && (
                  <Button
                    size={props.controlSize ?? 'xs'}
                    mih={props.controlSize === 'md' ? 44 : undefined}
                    variant="light"
                    onClick={() => void run('share', () => props.share!(doc))}
                    loading={busy === 'share'}
                  >
                    {t('share')}
                  </Button>
                )}
                {props.extra?.(doc)}
              </Group>
              {props.children(doc, paper)}
            </>
          )}
        </QueryView>
      )}
    </Stack>
  );
}
